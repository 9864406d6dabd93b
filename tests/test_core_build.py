from interactiveworld import _core


def test_core_exposes_build_facts():
    assert isinstance(_core.__version__, str) and _core.__version__
    assert _core.build_type in ("release", "debug")
    assert _core.built_with_cuda in (True, False)
