"""The floor of `make load`: the least an answer cycle must do, on the product's own stack.

`tools.floor.settings` is the product's settings with one change, the URLconf: the drill
page's two posts (the answer, the next question) go to `tools.floor.views`, and every other
page (sign-in, starting a drill) stays the product's.  Same middleware, session engine,
authentication backends, database, tables and gunicorn workers; Django's template engine.
"""
