"""Caribbean Stud and Casino Stud Poker, one banked game with two profiles: their rules
(`rules`), their request (`request`, read by `reading`) and their par sheets (`parsheet`)."""
