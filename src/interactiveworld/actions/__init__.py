"""The human action layer: stance selection, occupancy-grid navigation, gait, reaching, grasping and the executor
of the 36 primitives (paper §2.2, appendix B.2)."""
from interactiveworld.actions.gait import walk_keyframes
from interactiveworld.actions.navigation import (
    DEFAULT_DOOR_COST,
    INFLATION_RADII,
    DoorInfo,
    NavigationMap,
    Route,
    RoutePlan,
    Stance,
    plan_route,
    plan_route_through_doors,
    select_stances,
    snap_stance,
)

__all__ = [
    "DEFAULT_DOOR_COST",
    "INFLATION_RADII",
    "DoorInfo",
    "NavigationMap",
    "Route",
    "RoutePlan",
    "Stance",
    "plan_route",
    "plan_route_through_doors",
    "select_stances",
    "snap_stance",
    "walk_keyframes",
]
