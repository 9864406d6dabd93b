"""The human action layer: stance selection, navigation, gait, reaching, grasping and the executor of the 36
primitives (paper section 2.2, appendix B.2)."""
