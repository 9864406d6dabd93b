// The sweep page: cards of cells, updated from the server's pushes. Read-only: nothing is sent back.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const cells = new Map();
  let planned = null;
  const ORDER = {running: 0, starting: 1};

  function badge(c) {
    if (c.status === "valid") return c.passed ? ["pass", "PASS"] : ["fail", "FAIL"];
    if (c.status === "void" || c.status === "error") return ["void", "VOID"];
    return [c.status || "starting", (c.status || "starting").toUpperCase()];
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function card(c) {
    const li = el("li", "card");
    li.id = `cell-${c.id}`;
    li.tabIndex = 0;
    const h = el("h2", "", `${c.task_id || "?"} \u00b7 seed ${c.seed ?? "?"}`);
    const [cls, text] = badge(c);
    h.append(el("span", `badge ${cls}`, text));
    li.append(h, el("div", "agents", `${c.assistant} \u2192 ${c.human}`));
    const ticks = (c.budgets || {}).ticks, actions = (c.budgets || {}).actions;
    const bar = el("div", "bar");
    const fill = el("span");
    fill.style.width = `${Math.min(100, ticks ? 100 * c.tick / ticks : 0)}%`;
    bar.append(fill);
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-valuenow", String(c.tick || 0));
    bar.setAttribute("aria-valuemax", String(ticks || 0));
    bar.setAttribute("aria-label", "ticks used");
    let meta = `tick ${c.tick}/${ticks ?? "?"} \u00b7 actions ${c.actions}/${actions ?? "?"}`;
    if (c.stop_reason) meta += ` \u00b7 ${c.stop_reason}`;
    if (c.completion !== null && c.completion !== undefined) {
      meta += ` \u00b7 completion ${Math.round(100 * c.completion)}%`;
    }
    li.append(bar, el("div", "meta", meta));
    const frames = el("div", "frames");
    for (const url of c.frames || []) {
      const img = el("img");
      img.src = url;
      img.alt = `latest frame of ${c.task_id}`;
      img.loading = "lazy";
      frames.append(img);
    }
    li.append(frames);
    const ol = el("ol", "lines");
    ol.setAttribute("aria-label", "dialogue and commands");
    for (const d of c.dialogue || []) {
      if (d.speaker === "command") {
        const why = d.ok ? "" : ` \u2014 ${d.message || "failed"}`;
        ol.append(el("li", `command ${d.ok ? "" : "err"}`, `${d.text}${why}`));
      } else {
        ol.append(el("li", d.speaker, `${d.speaker === "assistant" ? "Assistant" : "Wearer"}: ${d.text}`));
      }
    }
    li.append(ol);
    return li;
  }

  function draw() {
    const list = [...cells.values()].sort((a, b) =>
      (ORDER[a.status] ?? 2) - (ORDER[b.status] ?? 2) || String(a.id).localeCompare(String(b.id)));
    const ul = $("cells");
    const focused = document.activeElement && document.activeElement.id;
    ul.replaceChildren(...list.map(card));
    if (focused && $(focused)) $(focused).focus();
    const n = list.length, running = list.filter((c) => c.status === "running").length;
    const done = list.filter((c) => c.status === "valid"), passed = done.filter((c) => c.passed).length;
    const voids = list.filter((c) => c.status === "void" || c.status === "error").length;
    const of = planned ? ` of ${planned} planned` : "";
    $("counts").textContent =
      `${n} cell(s)${of}: ${running} running, ${done.length} finished (${passed} pass), ${voids} VOID`;
    for (const ol of ul.querySelectorAll("ol.lines")) ol.scrollTop = ol.scrollHeight;
  }

  function connect() {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => { $("status").textContent = "Live"; };
    ws.onmessage = (m) => {
      const ev = JSON.parse(m.data);
      if (ev.type === "sweep") planned = ev.planned;
      if (ev.type === "cells") {
        for (const c of ev.cells) cells.set(c.id, c);
        draw();
      }
    };
    ws.onclose = () => { $("status").textContent = "Disconnected; retrying..."; setTimeout(connect, 2000); };
  }
  connect();
})();
