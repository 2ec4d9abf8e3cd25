"""The games, one package each: its rules, the shape of its request and how one is read, and
what else it alone needs (its par sheet).  No game imports another; what they share sits
beneath them (`trainer.engine.kit` and the primitives), and the catalogue that registers them
(`trainer.engine.catalog`) above."""
