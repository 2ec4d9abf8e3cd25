"""The product's settings; only the URLconf differs (see tools.floor)."""

from trainer.settings import *  # noqa: F403

ROOT_URLCONF = "tools.floor.urls"
