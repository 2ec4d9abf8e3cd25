from django.db import migrations


class Migration(migrations.Migration):
    """The rating in words gives way to the grade (0007 copied it): one column, one meaning."""

    dependencies = [("drills", "0007_grades_of_old_reviews")]

    operations = [migrations.RemoveField(model_name="attempt", name="rating")]
