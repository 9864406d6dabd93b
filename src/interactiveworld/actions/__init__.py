"""The human action layer: navigation, reaching, grasping and the executor."""
