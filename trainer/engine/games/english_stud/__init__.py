"""English Stud, whole: its rules (`rules`), a hand dealt and played out (`deal`), its request,
one shape for each question it asks (`request`, read by `reading`), its drills (`drills`, and
the exchange drill, `exchange`), its round (`round`) and its mispays (`situations`)."""
