"""The roles, as Django groups with permissions.

Each later app that adds permissions for a role adds them here and a migration that calls
`sync_roles` again, so the groups always match this table.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

TRAINEE = "Trainee"
SUPERVISOR = "Supervisor"
GAMES_MANAGER = "Games manager"
#: a trainee the house has promoted to watch the game: given beside Trainee, it
#: opens the watch drills and their tests; supervisors and games managers watch already
FLOOR_SUPERVISOR = "Floor supervisor"
#: the house's audit staff: they upload the shift logs, read the audits and keep the cases,
#: and see nothing else of the trainees than the dealers the audits name
AUDIT_STAFF = "Audit staff"

#: role -> "app_label.codename" permissions
ROLES: dict[str, list[str]] = {
    TRAINEE: ["houses.practise_drills"],
    SUPERVISOR: [
        "houses.review_trainees",
        "houses.assign_tests",
        "houses.view_house",
        "audits.audit_hands",
        "roster.enrol_trainees",
        "roster.run_classes",
        "assessments.revoke_certificates",
        "certification.judge_table_tests",
        "watch.watch_the_game",
    ],
    FLOOR_SUPERVISOR: ["watch.watch_the_game"],
    # the cases follow audits.audit_hands (trainer.cases.services.KEEPER_PERMISSIONS)
    AUDIT_STAFF: ["audits.audit_hands"],
    GAMES_MANAGER: [
        "houses.manage_tables",
        "houses.view_house",
        # their own house's name and time zone (HouseAdmin keeps them to their own house)
        "houses.change_house",
        "houses.add_paytableversion",
        "houses.change_paytableversion",
        "houses.view_paytableversion",
        "houses.add_paytablerow",
        "houses.change_paytablerow",
        "houses.delete_paytablerow",
        "houses.view_paytablerow",
        # a house made without rules gets them from its games manager (HouseRulesAdmin: to
        # their own house, and only while it has none)
        "houses.add_houserulessettings",
        "houses.change_houserulessettings",
        "houses.view_houserulessettings",
        "audits.audit_hands",
        # their own house's speed standards (trainer.drills.practice.admin keeps them to their
        # house)
        "practice.add_pacetarget",
        "practice.change_pacetarget",
        "practice.delete_pacetarget",
        "practice.view_pacetarget",
        # their own house's rounds an hour per game (trainer.rounds.admin keeps them to their
        # house)
        "rounds.add_roundpace",
        "rounds.change_roundpace",
        "rounds.delete_roundpace",
        "rounds.view_roundpace",
        "watch.watch_the_game",
        "certification.define_certifications",
        # their house's directory: sign-in methods, group map, SCIM tokens, provisioning log
        "directory.manage_directory",
    ],
}

#: the roles a games manager gives from the People page (trainer.roster.views.add_staff), in
#: the order the form offers them; roles stronger than a supervisor are given in the admin
GIVEN_BY_MANAGERS: tuple[str, ...] = (SUPERVISOR, AUDIT_STAFF)

#: each role as a page names it to a person (the group keeps its English name)
TITLES = {
    TRAINEE: _("Trainee"),
    SUPERVISOR: _("Supervisor"),
    GAMES_MANAGER: _("Games manager"),
    FLOOR_SUPERVISOR: _("Floor supervisor"),
    AUDIT_STAFF: _("Audit staff"),
}


def sync_roles(apps, schema_editor=None) -> None:
    """Create the groups and give each exactly its permissions (a migration's RunPython)."""
    from django.contrib.auth.management import create_permissions

    # Permissions are normally created after all migrations; make sure they exist now.
    # create_permissions skips an app whose models_module is unset, as it is in a migration's
    # historical registry; put back whatever each app had, so the live registry is untouched.
    for config in apps.get_app_configs():
        original = getattr(config, "models_module", None)
        config.models_module = original or True
        try:
            create_permissions(config, verbosity=0, apps=apps)
        finally:
            config.models_module = original
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, names in ROLES.items():
        group, _ = Group.objects.get_or_create(name=role)
        permissions = []
        for name in names:
            app_label, codename = name.split(".")
            # a later app's permission does not exist before its own migration, which calls
            # sync_roles again (an earlier migration here runs with this table as it is now)
            permissions.extend(
                Permission.objects.filter(content_type__app_label=app_label, codename=codename)
            )
        group.permissions.set(permissions)
