// The play page: shows the events the server sends for this person's role and sends answers back.
// Everything shown comes from the observation the episode built for the role; the page adds nothing.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const HUMAN_KNOWN = new Set(["tick", "protocol", "task_context", "public_context", "restriction", "handles", "held",
    "last_result", "last_ok", "assistant_speech", "new_instruction", "active_instruction", "queued", "frames",
    "private_next", "assistant_present"]);
  const ASSISTANT_KNOWN = new Set(["tick", "protocol", "task_request", "frames", "new_frames", "new_segments",
    "wearer_speech", "first_turn"]);

  let st = {};
  window.iwLatency = [];  // [{tick, ms}]: command sent -> first frame of its interval drawn [ms]
  window.iwEvents = 0;

  function resetView() {
    const keep = {hello: st.hello};
    st = {...keep, sessionEv: null, session: null, role: null, turn: null, verbs: [], handles: [],
          framesShown: true, sentAt: null, sentTick: null, options: [], sel: 0};
    $("lines").replaceChildren();
    $("strip").replaceChildren();
    $("facts").replaceChildren();
    $("handles").replaceChildren();
    $("latest").hidden = true;
    $("frame-caption").textContent = "";
    $("end").hidden = true;
    $("result").textContent = "";
    $("said").textContent = "";
    setTurn(null);
  }

  function setStatus(text, busy) {
    const s = $("status");
    s.textContent = text || "";
    s.classList.toggle("busy", !!busy);
  }

  // ------------------------------------------------------------------ connection
  let ws = null, retry = 0;
  function connect() {
    ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => { retry = 0; resetView(); setStatus("Connected"); };
    ws.onmessage = (m) => {
      let ev;
      try { ev = JSON.parse(m.data); } catch (e) { return; }
      handle(ev);
      window.iwEvents += 1;
    };
    ws.onclose = () => {
      setStatus("Connection lost; reconnecting...", true);
      setTimeout(connect, Math.min(5000, 500 * (++retry)));
    };
  }
  function send(obj) {
    if (!ws || ws.readyState !== WebSocket.OPEN) { showError("Not connected; reconnecting..."); return false; }
    ws.send(JSON.stringify(obj));
    return true;
  }

  // ------------------------------------------------------------------ events
  function handle(ev) {
    switch (ev.type) {
      case "hello": onHello(ev); break;
      case "session": onSession(ev); break;
      case "status": setStatus(ev.text, ev.busy); break;
      case "turn": render(ev); setTurn(ev); break;
      case "observed": render(ev); break;
      case "replayed": render(ev); answered(ev.role, ev.answer); break;
      case "answered": answered(ev.role, ev.answer); setTurn(null); break;
      case "frames": streamed(ev); break;
      case "end": onEnd(ev); break;
      case "failed": onFailed(ev); break;
      case "complete": onComplete(ev); break;
      case "error": showError(ev.text); setBusy(false); break;
    }
  }

  function onHello(ev) {
    st.hello = ev;
    const needs = !!ev.needs_pseudonym;
    $("join").hidden = !needs;
    if (needs) {
      $("play").hidden = true;
      $("who").textContent = `You will play the ${ev.role === "assistant" ? "Assistant" : "Human"}` +
        (ev.partner ? ` with ${ev.partner}` : "");
      if (document.activeElement !== $("pseudonym")) $("pseudonym").focus();
      setStatus(ev.mode === "study" ? "Study: choose a pseudonym to begin" : "Choose a pseudonym to begin");
    }
    drawWho();
    if (ev.study && st.ended) {
      const more = ev.study.remaining > 0;
      $("next").hidden = !more;
      setStatus(more ? `Episode over: ${ev.study.done} of ${ev.study.total} done` : "Study complete: thank you!");
      if (more) $("next").focus();
    }
  }

  function onSession(ev) {
    if (st.session !== ev.session) resetView();
    Object.assign(st, {session: ev.session, role: ev.role, verbs: ev.verbs || [], framesShown: ev.frames_shown,
                       ended: false});
    $("join").hidden = true;
    $("play").hidden = false;
    for (const id of ["view", "context", "dialogue", "rules"]) $(id).hidden = false;
    $("end-h").textContent = "Episode over";
    st.sessionEv = ev;
    drawWho();
    $("instructions").textContent = ev.instructions || "";
    $("no-frames").hidden = ev.frames_shown;
    $("main-frame").hidden = !ev.frames_shown;
    $("human-form").hidden = ev.role !== "human";
    $("assistant-form").hidden = ev.role !== "assistant";
    $("handles-box").hidden = ev.role !== "human";
    document.title = `${ev.task_id} \u00b7 InteractiveWorld`;
  }

  function drawWho() {
    const ev = st.sessionEv;
    if (!ev) return;
    const role = ev.role === "assistant" ? "Assistant" : "Human";
    const parts = [`${ev.task_id} (${ev.protocol})`, `you are the ${role}`, `partner: ${ev.partner}`, ev.pseudonym];
    const s = st.hello && st.hello.study;
    if (s && s.position) parts.push(`episode ${s.position} of ${s.total}`);
    $("who").textContent = parts.join(" \u00b7 ");
  }

  // ------------------------------------------------------------------ observations
  function fact(dl, name, value, cls) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)) return;
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = name;
    dd.textContent = Array.isArray(value) ? value.join("; ") : String(value);
    if (cls) dd.className = cls;
    dl.append(dt, dd);
  }

  function extras(dl, obs, known) {
    for (const [k, v] of Object.entries(obs)) {
      if (known.has(k) || typeof v === "boolean" || typeof v === "number") continue;
      const name = k.replace(/_/g, " ");
      fact(dl, name.charAt(0).toUpperCase() + name.slice(1), typeof v === "object" && !Array.isArray(v)
        ? JSON.stringify(v) : v);
    }
  }

  function render(ev) {
    const obs = ev.obs || {};
    st.tick = obs.tick;
    if (st.framesShown) setStrip(obs.frames || [], ev.role === "assistant" ? obs.new_frames || 0 : 0);
    const dl = $("facts");
    dl.replaceChildren();
    if (ev.role === "human") renderHuman(obs, dl); else renderAssistant(obs, dl);
    fact(dl, "Tick", obs.tick);
  }

  function renderHuman(obs, dl) {
    if (obs.assistant_present === false) fact(dl, "Assistant", "There is no assistant in this session.");
    fact(dl, (st.sessionEv && st.sessionEv.task_label) || "Your task", obs.task_context);
    fact(dl, "Shared task context", obs.public_context);
    fact(dl, "Rule", obs.restriction);
    fact(dl, "Holding", obs.held || "nothing");
    fact(dl, "Carrying out", obs.active_instruction);
    fact(dl, "Still to run", obs.queued);
    fact(dl, "Your plan's next step", obs.private_next);
    extras(dl, obs, HUMAN_KNOWN);
    st.handles = obs.handles || [];
    const ul = $("handles");
    ul.replaceChildren();
    for (const [arg, desc] of st.handles) {
      const li = document.createElement("li"), b = document.createElement("button");
      b.type = "button";
      b.className = "cmd";
      b.textContent = desc ? `${arg} \u2014 ${desc}` : arg;
      b.title = "Insert into the command";
      b.addEventListener("click", () => insertAtCaret(`${arg} `));
      li.append(b);
      ul.append(li);
    }
    if (!st.handles.length) {
      const li = document.createElement("li");
      li.textContent = "(none you can act on now)";
      ul.append(li);
    }
    if (obs.new_instruction && obs.assistant_speech) {
      line("assistant", `Assistant: ${obs.assistant_speech}`);
      $("said").textContent = `The assistant says: \u201c${obs.assistant_speech}\u201d`;
    } else {
      $("said").textContent = obs.assistant_present === false ? "" : "The assistant said nothing new.";
    }
    const r = $("result");
    r.textContent = obs.last_result ? `Result: ${obs.last_result}` : "";
    r.className = obs.last_result ? (obs.last_ok ? "ok" : "refused") : "";
  }

  function renderAssistant(obs, dl) {
    fact(dl, "Task request", obs.task_request || "(given in the wearer's words)");
    fact(dl, "New frames", obs.new_frames);
    extras(dl, obs, ASSISTANT_KNOWN);
    for (const s of obs.wearer_speech || []) line("wearer", `Wearer: ${s}`);
  }

  function answered(role, a) {
    if (!a) return;
    if (role === "human") {
      if (a.action) line("cmd you", `You (commands): ${a.action}`);
      if (a.speak) line("wearer you", `You: ${a.speak}`);
      if (!a.action && !a.speak) line("silent you", "You waited.");
      $("action").value = "";
      $("speak").value = "";
      closeComplete();
    } else {
      const text = {silent: "You stayed silent.", done: "You said done."}[a.kind];
      line(a.kind === "silent" || a.kind === "done" ? "silent you" : "assistant you",
           text || `You (${a.kind === "error" ? "error" : "say"}): ${a.speech}`);
      $("speech").value = "";
    }
  }

  function line(cls, text) {
    const li = document.createElement("li");
    li.className = cls;
    li.textContent = text;
    const ol = $("lines");
    ol.append(li);
    ol.scrollTop = ol.scrollHeight;
  }

  // ------------------------------------------------------------------ frames
  function showFrame(ref, onload) {
    const img = $("latest");
    if (onload) img.addEventListener("load", onload, {once: true});
    img.src = ref.url;
    img.hidden = false;
    const tags = ref.tags && ref.tags.length ? ` (${ref.tags.join(", ")})` : "";
    $("frame-caption").textContent = `Tick ${ref.tick}, frame ${ref.index}${tags}`;
  }

  function thumb(ref, isNew) {
    const img = document.createElement("img");
    img.src = ref.url;
    img.alt = `Frame ${ref.index}, tick ${ref.tick}`;
    img.tabIndex = 0;
    img.setAttribute("role", "listitem");
    if (isNew) img.classList.add("new");
    const show = () => showFrame(ref);
    img.addEventListener("click", show);
    img.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); show(); } });
    return img;
  }

  function setStrip(refs, newCount) {
    const strip = $("strip");
    strip.replaceChildren(...refs.map((r, i) => thumb(r, i >= refs.length - newCount)));
    strip.scrollLeft = strip.scrollWidth;
    if (refs.length) showFrame(refs[refs.length - 1]);
  }

  function streamed(ev) {
    if (!st.framesShown || !ev.frames || !ev.frames.length) return;
    const strip = $("strip");
    for (const r of ev.frames) strip.append(thumb(r, true));
    strip.scrollLeft = strip.scrollWidth;
    let onload = null;
    if (st.sentAt !== null && ev.tick >= st.sentTick) {
      const t0 = st.sentAt;
      st.sentAt = null;
      onload = () => window.iwLatency.push({tick: ev.tick, ms: performance.now() - t0});
    }
    showFrame(ev.frames[0], onload);
    // then the rest of the interval, so the person sees the motion to its result frame
    ev.frames.slice(1).forEach((r, i) => setTimeout(() => showFrame(r), 150 * (i + 1)));
  }

  // ------------------------------------------------------------------ turns and answers
  function setTurn(ev) {
    st.turn = ev ? ev.turn : null;
    const mine = !!ev;
    for (const id of ["send", "b-say", "b-silent", "b-error", "b-done"]) $(id).disabled = !mine;
    setBusy(false);
    if (mine) {
      $("human-error").textContent = "";
      $("assistant-error").textContent = "";
      st.sentAt = null;
      setStatus("Your turn");
      document.title = "Your turn \u00b7 InteractiveWorld";
      const target = st.role === "human" ? $("action") : $("speech");
      if (document.activeElement !== $("speak")) target.focus();
    } else if (st.role) {
      document.title = "InteractiveWorld";
    }
  }

  function setBusy(busy) {
    for (const id of ["human-form", "assistant-form"]) $(id).setAttribute("aria-busy", busy ? "true" : "false");
  }

  function showError(text) {
    const id = st.role === "assistant" ? "assistant-error" : st.role === "human" ? "human-error" : "join-error";
    $(id).textContent = text;
  }

  function sendHuman() {
    if (st.turn === null) { showError("Please wait: it is not your turn yet."); return; }
    const action = $("action").value, speak = $("speak").value;
    if (send({type: "answer", turn: st.turn, action, speak})) {
      setBusy(true);
      $("human-error").textContent = "";
      if (action.trim()) { st.sentAt = performance.now(); st.sentTick = st.tick; }
      setStatus("Sent", true);
    }
  }

  function sendAssistant(kind) {
    if (st.turn === null) { showError("Please wait: it is not your turn yet."); return; }
    if (send({type: "answer", turn: st.turn, kind, speech: $("speech").value})) {
      setBusy(true);
      $("assistant-error").textContent = "";
      setStatus("Sent", true);
    }
  }

  // ------------------------------------------------------------------ completion of verbs and handles
  function tokenAt(text, caret) {
    const before = text.slice(0, caret);
    const lb = before.lastIndexOf("["), rb = before.lastIndexOf("]");
    const la = before.lastIndexOf("<"), ra = before.lastIndexOf(">");
    if (lb > rb && lb > la) return {kind: "verb", start: lb, prefix: before.slice(lb + 1)};
    if (la > ra && la > lb) return {kind: "handle", start: la, prefix: before.slice(la)};
    return null;
  }

  function options(tok) {
    const p = tok.prefix.toLowerCase();
    if (tok.kind === "verb") {
      const starts = st.verbs.filter((v) => v.toLowerCase().startsWith(p));
      const inside = st.verbs.filter((v) => !v.toLowerCase().startsWith(p) && v.toLowerCase().includes(p));
      return [...starts, ...inside].map((v) => ({label: `[${v}]`, insert: `[${v}] `}));
    }
    const q = p.replace(/^</, "");
    return st.handles
      .filter(([arg, desc]) => arg.toLowerCase().startsWith(p) || (q && (desc || "").toLowerCase().includes(q)))
      .map(([arg, desc]) => ({label: desc ? `${arg} \u2014 ${desc}` : arg, insert: `${arg} `}));
  }

  function updateComplete() {
    const ta = $("action");
    const tok = tokenAt(ta.value, ta.selectionStart);
    st.options = tok ? options(tok).slice(0, 10) : [];
    st.tok = tok;
    st.sel = 0;
    drawComplete();
  }

  function drawComplete() {
    const ul = $("complete");
    ul.replaceChildren();
    st.options.forEach((o, i) => {
      const li = document.createElement("li");
      li.id = `opt-${i}`;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", i === st.sel ? "true" : "false");
      li.textContent = o.label;
      li.addEventListener("mousedown", (e) => { e.preventDefault(); st.sel = i; accept(); });
      ul.append(li);
    });
    ul.hidden = !st.options.length;
    $("action").setAttribute("aria-expanded", st.options.length ? "true" : "false");
    if (st.options.length) $("action").setAttribute("aria-activedescendant", `opt-${st.sel}`);
    else $("action").removeAttribute("aria-activedescendant");
  }

  function closeComplete() { st.options = []; drawComplete(); }

  function accept() {
    const ta = $("action"), o = st.options[st.sel];
    if (!o || !st.tok) return;
    const caret = ta.selectionStart;
    ta.value = ta.value.slice(0, st.tok.start) + o.insert + ta.value.slice(caret);
    const pos = st.tok.start + o.insert.length;
    ta.setSelectionRange(pos, pos);
    closeComplete();
  }

  function insertAtCaret(text) {
    const ta = $("action");
    const a = ta.selectionStart, b = ta.selectionEnd;
    ta.value = ta.value.slice(0, a) + text + ta.value.slice(b);
    ta.focus();
    ta.setSelectionRange(a + text.length, a + text.length);
  }

  // ------------------------------------------------------------------ end of an episode
  function onEnd(ev) {
    st.ended = true;
    setTurn(null);
    let text = `Stopped: ${ev.stop_reason} after ${ev.ticks ?? "?"} tick(s), ${ev.actions ?? "?"} action(s).`;
    if (ev.already) text = "You have already finished this episode. " + text;
    const p = $("end-text");
    p.textContent = text;
    if (ev.status !== "valid") {
      p.append(` The episode is VOID (${ev.void_reason || "not scored"}); it is run again when you start once more.`);
    } else if (ev.passed !== undefined && ev.passed !== null) {
      const b = document.createElement("span");
      b.className = ev.passed ? "pass" : "fail";
      b.textContent = ev.passed ? " PASS" : " FAIL";
      p.append(b, ` (completion ${Math.round(100 * (ev.completion || 0))}%)`);
    }
    $("end-cell").textContent = ev.cell ? `Recorded in ${ev.cell}; view it with: iw-eval show ${ev.cell}` : "";
    const s = st.hello && st.hello.study;
    $("next").hidden = !(s && s.remaining > 0);
    $("end").hidden = false;
    setStatus(s && s.remaining === 0 ? "Study complete: thank you!" : "Episode over");
    ($("next").hidden ? $("end") : $("next")).focus();
  }

  function onComplete(ev) {
    st.ended = true;
    $("join").hidden = true;
    $("play").hidden = false;
    for (const id of ["human-form", "assistant-form", "view", "context", "dialogue", "rules"]) $(id).hidden = true;
    $("end-h").textContent = "Study complete";
    $("end-text").textContent = `All ${ev.study.total} episode(s) of ${ev.study.name} are finished. Thank you!`;
    $("next").hidden = true;
    $("end").hidden = false;
    $("end").focus();
    setStatus("Study complete: thank you!");
  }

  function onFailed(ev) {
    $("end-text").textContent = ev.text;
    $("end").hidden = false;
    setStatus("Could not run");
  }

  // ------------------------------------------------------------------ keyboard and forms
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    $("join-error").textContent = "";
    send({type: "pseudonym", value: $("pseudonym").value});
  });
  $("human-form").addEventListener("submit", (e) => { e.preventDefault(); sendHuman(); });
  $("action").addEventListener("input", updateComplete);
  $("action").addEventListener("click", updateComplete);
  $("action").addEventListener("blur", () => setTimeout(closeComplete, 100));
  $("action").addEventListener("keydown", (e) => {
    if (st.options.length) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const n = st.options.length;
        st.sel = (st.sel + (e.key === "ArrowDown" ? 1 : n - 1)) % n;
        drawComplete();
        return;
      }
      if (e.key === "Tab" || (e.key === "Enter" && !e.shiftKey)) { e.preventDefault(); accept(); return; }
      if (e.key === "Escape") { e.preventDefault(); closeComplete(); return; }
    }
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); sendHuman(); }
  });
  $("speech").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      sendAssistant($("speech").value.trim() ? "interrupt" : "silent");
    }
  });
  for (const id of ["b-say", "b-silent", "b-error", "b-done"]) {
    $(id).addEventListener("click", () => sendAssistant($(id).dataset.kind));
  }
  document.addEventListener("keydown", (e) => {
    if (st.role !== "assistant" || !e.altKey) return;
    const k = {s: "b-silent", e: "b-error", d: "b-done"}[e.key.toLowerCase()];
    if (k) { e.preventDefault(); $(k).click(); }
  });
  $("next").addEventListener("click", () => { $("next").hidden = true; send({type: "next"}); });

  resetView();
  connect();
})();
