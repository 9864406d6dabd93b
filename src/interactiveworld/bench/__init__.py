"""The benchmark: TaskPacks, the closed loop, scoring, metrics and logs."""
