"""Assigned tests: what a supervisor builds, who it is assigned to, and each sitting.

A test (`Assessment`) is a list of sections (`Part`: a drill kind at a level, so many
questions), with a pass mark over all the questions or one per section, an optional time
limit, an optional due date and a retake policy (attempts allowed, hours between them).
Assigning it to a trainee makes an `Assignment`; each attempt at it is a `Sitting`, numbered
1, 2, ... and all kept.  A sitting's questions are ordinary drills questions (dealt with no
practice session) linked in order by `SittingQuestion`, all dealt when the sitting starts.
Once a sitting is finished its score is a matter of record: `right`, `total`, `passed`, `pace`
and the per-section `sections` are written once and never again.  A test may require pace:
then passing also needs the median of the answers' times over their targets at most 1, each
answer's target being the one stored with it when it was graded (`Attempt.target_ms`), so a
house that changes its targets later changes no result.  Passing a test marked
"certification" issues a `Certificate`, in the same transaction.

Django finds the models of an app in its `models` module: each of this package's modules is
imported here, and everything the rest of the site uses is named from here.
"""

from .certificates import (
    CODE_CHARACTERS,
    CODE_GROUP,
    CROCKFORD,
    Certificate,
    CertificateQuerySet,
    Notice,
    code_as_typed,
    new_code,
)
from .sittings import (
    FINISHED_IS_FINAL,
    MAX_ATTEMPTS,
    MAX_MINUTES,
    MAX_QUESTIONS,
    MAX_QUESTIONS_PER_KIND,
    MAX_WAIT_HOURS,
    Assessment,
    AssessmentQuerySet,
    Assignment,
    AssignmentQuerySet,
    NextAttempt,
    Part,
    Sitting,
    SittingQuerySet,
    SittingQuestion,
)

__all__ = [
    "Assessment",
    "AssessmentQuerySet",
    "Assignment",
    "AssignmentQuerySet",
    "CODE_CHARACTERS",
    "CODE_GROUP",
    "CROCKFORD",
    "Certificate",
    "CertificateQuerySet",
    "FINISHED_IS_FINAL",
    "MAX_ATTEMPTS",
    "MAX_MINUTES",
    "MAX_QUESTIONS",
    "MAX_QUESTIONS_PER_KIND",
    "MAX_WAIT_HOURS",
    "NextAttempt",
    "Notice",
    "Part",
    "Sitting",
    "SittingQuerySet",
    "SittingQuestion",
    "code_as_typed",
    "new_code",
]
