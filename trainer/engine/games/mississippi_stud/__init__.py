"""Mississippi Stud: its rules (`rules`), its request (`request`, read by `reading`) and its
par sheet (`parsheet`)."""
