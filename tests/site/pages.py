"""What tests that compare whole pages share."""

import re

#: the CSRF token as a page carries it (the layout's htmx header, and each form's field): Django
#: masks it afresh for every response, so two pages that say the same differ there, and it
#: tells nothing about anyone's things
CSRF_TOKEN = re.compile(rb'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]*"')


def without_csrf_token(content: bytes) -> bytes:
    """The page with every CSRF token replaced by the same placeholder."""
    return CSRF_TOKEN.sub(rb'\1(token)"', content)
