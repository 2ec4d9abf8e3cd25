"""Each answer stored before grades were kept gets the grade FSRS was given for it.

Until then every answer of a trainee to a question of a skill was a review, rated by the pace
rule of the day and stored in `rating` ("again" ... "easy"); staff trying a drill out were
reviewed nothing and so made no skill card.  So an old answer was a review exactly when its
question has a situation and its trainee has a card of that skill, and its grade is its
rating's number.  (A person who answered a skill while trying out as staff and later as a
trainee would have the staff answers counted: the roles of the day are not stored.)
"""

from django.db import migrations
from django.db.models import Exists, OuterRef

GRADES = {"again": 1, "hard": 2, "good": 3, "easy": 4}


def forwards(apps, schema_editor):
    Attempt = apps.get_model("drills", "Attempt")
    SkillCard = apps.get_model("practice", "SkillCard")
    carded = SkillCard.objects.filter(
        trainee=OuterRef("trainee"),
        kind=OuterRef("kind"),
        situation=OuterRef("question__situation"),
    )
    reviewed = Attempt.objects.exclude(question__situation="").filter(Exists(carded))
    for rating, grade in GRADES.items():
        reviewed.filter(rating=rating).update(grade=grade)


def backwards(apps, schema_editor):
    Attempt = apps.get_model("drills", "Attempt")
    for rating, grade in GRADES.items():
        Attempt.objects.filter(grade=grade).update(rating=rating)


class Migration(migrations.Migration):
    dependencies = [
        ("drills", "0006_attempt_grade_and_64_bit_times"),
        ("practice", "0002_pace_target_roles"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
