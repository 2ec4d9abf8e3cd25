"""The admin shows tests and results to look at; nobody changes or deletes a result there."""

from django.urls import reverse

from trainer.assessments.models import Sitting


def test_the_admin_shows_sittings_read_only(client, superuser, sitting):
    client.force_login(superuser)
    for name in ["assessment", "assignment", "sitting"]:
        page = client.get(reverse(f"admin:assessments_{name}_changelist"))
        assert page.status_code == 200
    page = client.get(reverse("admin:assessments_sitting_change", args=[sitting.pk]))
    assert page.status_code == 200 and "trainee-tina" in page.content.decode()
    assert client.get(reverse("admin:assessments_sitting_add")).status_code == 403
    delete = client.post(
        reverse("admin:assessments_sitting_delete", args=[sitting.pk]), {"post": "yes"}
    )
    assert delete.status_code == 403 and Sitting.objects.filter(pk=sitting.pk).exists()


def test_a_games_manager_sees_no_results_in_the_admin(client, manager, sitting):
    client.force_login(manager)
    response = client.get(reverse("admin:assessments_sitting_changelist"))
    assert response.status_code == 403
