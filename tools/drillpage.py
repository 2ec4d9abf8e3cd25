"""The drill page as the simulated trainees read it: from the HTML alone, as a browser would.
No Locust here: the tests read pages with it too."""

from __future__ import annotations

import re

DRILL_RE = re.compile(r'<div id="drill"[^>]*\bdata-question="(\d+)"')
KIND_RE = re.compile(r'data-drill="([\w-]+)"')
SESSION_RE = re.compile(r"/drills/s/(\d+)/")
INPUT_RE = re.compile(r"<input\b[^>]*>")
ATTR_RE = re.compile(r'\b(type|name|value)="([^"]*)"')
TOKEN_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FEEDBACK = b'<section class="feedback'


class Refused(Exception):
    """A response that a browser would show as an error."""


def answer_from_page(html: str) -> dict[str, str]:
    """What a trainee pressing the first key of every field would send."""
    answer: dict[str, str] = {}
    for tag in INPUT_RE.findall(html):
        attrs = dict(ATTR_RE.findall(tag))
        name, kind = attrs.get("name"), attrs.get("type", "text")
        if not name or name == "csrfmiddlewaretoken" or name in answer:
            continue
        if kind in ("radio", "checkbox"):
            answer[name] = attrs.get("value", "")
        elif kind == "text":
            answer[name] = "0"
    return answer
