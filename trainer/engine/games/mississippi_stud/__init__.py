"""Mississippi Stud, whole: its rules (`rules`), its request (`request`, read by `reading`),
its drills (`drills`), its round (`round`), its mispays (`situations`) and its par sheet
(`parsheet`)."""
