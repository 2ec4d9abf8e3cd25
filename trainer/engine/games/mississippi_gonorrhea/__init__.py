"""Mississippi Gonorrhea, whole: its rules (`rules`), its request (`request`, read by
`reading`), its drills (`drills`), its round (`round`) and its mispays (`situations`)."""
