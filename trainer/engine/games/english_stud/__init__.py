"""English Stud: its rules (`rules`) and its request, one shape for each question it asks
(`request`, read by `reading`)."""
