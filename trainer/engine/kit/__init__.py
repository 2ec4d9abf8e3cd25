"""What every game shares, beneath the games: the record a game fills in (`game`) and the
registry that holds the records (`registry`).  The list of the games itself is the catalogue
(`trainer.engine.catalog`), above them all."""
