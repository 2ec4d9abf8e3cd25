"""Numbers said in words, as the site says them everywhere: "1 trainee", "2 trainees", never
"trainee(s)"."""

from __future__ import annotations


def counted(n: int, noun: str, words: str = "") -> str:
    """`n` of `noun`, in the singular for one (`words` go before the noun).

    >>> counted(1, "trainee"), counted(2, "member", "more ")
    ('1 trainee', '2 more members')
    """
    return f"{n} {words}{noun}{'' if n == 1 else 's'}"
