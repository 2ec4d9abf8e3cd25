"""factory-boy factories for assigned tests.  Sittings are started through the service, as
the site starts them, so their questions are real drills questions."""

import factory

from tests.factories import HouseFactory, TraineeFactory
from trainer.assessments.models import Assessment, Assignment, Part


class AssessmentFactory(factory.django.DjangoModelFactory):
    """A test with one part of three "does the dealer qualify?" questions (parts=[...] to
    give others as (kind, count) pairs)."""

    class Meta:
        model = Assessment
        skip_postgeneration_save = True

    house = factory.SubFactory(HouseFactory)
    title = factory.Sequence(lambda n: f"Test {n}")
    level = 1
    pass_mark = 60

    @factory.post_generation
    def parts(self, create, extracted, **kwargs):
        if not create:
            return
        for position, (kind, count) in enumerate(extracted or [("cs-qualify", 3)], start=1):
            Part.objects.create(assessment=self, kind=kind, count=count, position=position)


class AssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Assignment

    test = factory.SubFactory(AssessmentFactory)
    trainee = factory.SubFactory(TraineeFactory, house=factory.SelfAttribute("..test.house"))
