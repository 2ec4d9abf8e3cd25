"""Mississippi Gonorrhea: its rules (`rules`) and its request (`request`, read by `reading`)."""
