"""Caribbean Stud and Casino Stud Poker, one banked game with two profiles: their rules
(`rules`), their request (`request`, read by `reading`), their drills (`drills`, and the
Caribbean ledger match, `ledger`), their rounds (`round`), their mispays (`situations`) and
their par sheets (`parsheet`)."""
