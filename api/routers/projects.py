"""Projects for operators: list, show, create, update and delete."""

from __future__ import annotations

from api.models.commerce import Project
from api.present import engagements as shape
from api.routers.deals import engagement_router
from projections import tables as t

router = engagement_router("projects", t.projects, shape.project, Project)
