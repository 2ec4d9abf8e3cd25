"""Reading JSON text: the one strict reader the ruling desk and the audit share.

>>> read_json(b'{"game": "mississippi-stud"}')
{'game': 'mississippi-stud'}
>>> try:
...     read_json(b"\\xff")
... except NotJSON as exc:
...     print(exc)
is not UTF-8 text
"""

from __future__ import annotations

import json
import math


class NotJSON(ValueError):
    """Text that is not one JSON value; the message says why in a few words ("is not UTF-8
    text"), for the caller to put after "Line 3" or "The body"."""


def _integer(text: str) -> int | float:
    # Python refuses to read an integer of more than a few thousand digits; it is a number all
    # the same, too large to hold, so it is read as Infinity and refused as one
    try:
        return int(text)
    except ValueError:
        return -math.inf if text.startswith("-") else math.inf


def read_json(raw: bytes) -> object:
    """One JSON value from UTF-8 bytes, or NotJSON.  NaN and Infinity are read (as Python's
    json reads them) so that the caller can refuse them naming the field they are in
    (`trainer.engine.kit.requests.refuse_unwritable`)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotJSON("is not UTF-8 text") from None
    try:
        return json.loads(text, parse_int=_integer)
    except RecursionError:
        raise NotJSON("nests too deeply to be a request") from None
    except ValueError as exc:
        raise NotJSON(f"is not JSON ({getattr(exc, 'msg', exc)})") from None
