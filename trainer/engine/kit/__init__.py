"""What every game shares, beneath the games (the catalogue that lists them sits above them
all, `trainer.engine.catalog`).

The record a game fills in (`game`) and the registry holding the records (`registry`);
request reading (`requests`); the answer field and its kinds (`fields`), reading and grading
answers (`answers`, `answer_reading`, `watched`); drill kinds and their registry (`kinds`),
stakes and levels (`stakes`), stored requests (`stored`), amounts asked in chips
(`asked_in_chips`); the round's machinery (`rounds`, `pots`); dealing a hand to a situation
(`dealing`); the mispay vocabulary (`situations`).
"""
