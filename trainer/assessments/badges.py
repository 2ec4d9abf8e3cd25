"""A certificate as an Open Badges 3.0 credential (1EdTech's OpenBadgeCredential, a W3C
Verifiable Credential in shape): a JSON document a dealer can carry to another employer or a
wallet, naming the house as issuer and the achievement as "Certified dealer: <games>".  It is
not signed: whoever reads it checks it at its `id`, the certificate's public verify page
(valid, expired or revoked), as with the paper (README, "Running a training programme")."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from trainer.engine.kit import registry

from .models import Certificate
from .presenting import section_rows

CONTEXT = [
    "https://www.w3.org/ns/credentials/v2",
    "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
]


#: each part of a game's certification in the badge's words (English: the credential is read
#: by any verifier, not by the site's reader)
PART_WORDS = {
    "test": "the written test passed",
    "hours": "the practice hours the house asks",
    "table": "a table test judged by a supervisor",
}


def _stamp(moment) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def credential(certificate: Certificate, absolute) -> dict[str, Any]:
    """`certificate` as an OpenBadgeCredential; `absolute` makes a path a full address (the
    request's `build_absolute_uri`).  Names, titles and dates only: no score, no answers, as
    the verify page."""
    test = certificate.test
    house = test.house
    if certificate.game:
        # the game's certification (trainer.certification): its parts as the criteria
        achievement = "Certified dealer: " + str(registry.title_of(certificate.game))
        narrative = (
            f"Met every part of {house.name}'s certification: "
            + "; ".join(PART_WORDS[p["part"]] for p in certificate.parts)
            + "."
        )
    else:
        games = list(dict.fromkeys(str(row["game"]) for row in section_rows(certificate.sitting)))
        achievement = "Certified dealer: " + ", ".join(games) if games else test.title
        narrative = f"Passed the certification test “{test.title}” of {house.name}."
    verify = absolute(reverse("assessments:verify", args=[certificate.code]))
    holder = certificate.trainee.get_full_name() or certificate.trainee.get_username()
    document: dict[str, Any] = {
        "@context": CONTEXT,
        "id": verify,
        "type": ["VerifiableCredential", "OpenBadgeCredential"],
        "name": achievement,
        "issuer": {
            "id": absolute(f"/?house={house.slug}"),
            "type": ["Profile"],
            "name": house.name,
        },
        "validFrom": _stamp(certificate.issued_at),
        "credentialSubject": {
            "type": ["AchievementSubject"],
            "name": holder,
            "achievement": {
                "id": absolute(reverse("assessments:verify-form")) + f"#test-{test.pk}",
                "type": ["Achievement"],
                "name": achievement,
                "description": test.title,
                "criteria": {"narrative": narrative},
            },
        },
    }
    if certificate.expires_at is not None:
        document["validUntil"] = _stamp(certificate.expires_at)
    if certificate.is_revoked:
        document["credentialStatus"] = {"id": verify, "type": "RevokedOnVerifyPage"}
    return document
