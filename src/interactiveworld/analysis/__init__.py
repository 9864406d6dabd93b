"""The paper's appendix D analyses on top of InteractiveBench runs.

* :mod:`.static` and :mod:`.static_report` -- the static variant (appendix D.3, Table 13, Figure 8):
  each TaskPack's ``static_item`` asked of a model with the frames of the reference run cut before the
  Assistant's decision, judged against the reference answer; accuracy per family over the catalog's 20
  and the static-versus-interactive comparison per task (``iw-eval static``).
* :mod:`.labels` and :mod:`.label_web` -- first-error labels R1-R6 of failed cells (appendix D.1, Figure 4):
  proposed by a judge model over a text rendering of the trace, confirmed or changed by a person on the
  command line or in the served episode page (``iw-eval label``).
* :mod:`.horizon` and :mod:`.firth` -- success against the normalised reference horizon (appendix D.4,
  Figures 6 and 9): Firth-penalised logistic fits, task-bootstrap bands, the family-adjusted linear
  probability slope with its bootstrap interval and permutation test (``iw-eval report --horizon``).

This package sits above :mod:`interactiveworld.bench` and :mod:`interactiveworld.agents`; nothing below it
imports it.
"""

__all__: list[str] = []
