from django.urls import path

from . import cost_views, people, views

app_name = "audits"
urlpatterns = [
    path("", views.index, name="index"),
    path("example.<str:format>", views.example_log, name="example"),
    path("<int:report_id>/", views.report, name="report"),
    path("<int:report_id>/status/", views.status, name="status"),
    path("<int:report_id>/discrepancies.csv", views.report_csv, name="csv"),
    path("<int:report_id>/lines/<int:number>/", views.line, name="line"),
    path("<int:report_id>/run-again/", views.run_again, name="run-again"),
    path("<int:report_id>/delete/", views.delete, name="delete"),
    # the report's mispaid hands as a watch set for the floor team
    path("<int:report_id>/watch-set/", views.watch_set, name="watch-set"),
    # the log's dealers as the house's people
    path("<int:report_id>/name-dealer/", people.name_dealer, name="name-dealer"),
    path("names/", people.names, name="names"),
    path("names/<int:alias_id>/remove/", people.remove_name, name="remove-name"),
    path("people/<int:user_id>/", people.record, name="record"),
    # what mispays cost the house, and the lines behind each figure
    path("costs/", cost_views.costs_page, name="costs"),
    path("costs.csv", cost_views.costs_csv, name="costs-csv"),
    path("costs/lines/", cost_views.cost_lines, name="cost-lines"),
]
