// The varchess board page. The server holds the game and judges every
// ply; this page shows what the server describes, offers the plies the
// server lists, and sends back the one the player chose.

import { roleOf, colourName, drawLayer, chip, boardConfig, makeBoard, lastMoveKeys, scoreText } from '/static/board.js';
import { startLive } from '/static/live.js';

const $ = id => document.getElementById(id);

const page = {
  info: null,
  state: null, // the last game state from the server
  received: 0, // when it arrived (for the clocks)
  cg: null,
  cgShape: '', // the board's dimensions and pockets, to know when to rebuild it
  orientation: 'white',
  flipped: false,
  events: null,
  counts: {}, // russian: checkers chosen per square (default the whole stack)
  pending: [], // kingchess: placements of the drop action being built
  plan: null, // the server's verdict on them
  promo: null, // moves waiting for a promotion choice
  selected: null,
};
window.varchess = page; // for the browser tests and the curious

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (method !== 'GET') {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body ?? {});
  }
  const r = await fetch(path, opt);
  const text = await r.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = { error: text };
  }
  if (!r.ok) throw new Error((data && data.error) || r.statusText);
  return data;
}

function say(msg) {
  $('message').textContent = msg || '';
}

// ---- setup form ----

function fillSetup() {
  const params = new URLSearchParams(location.search);
  for (const v of page.info.variants) $('variant').add(new Option(v.name, v.name));
  for (const id of ['white', 'black']) {
    $(id).add(new Option('Person', 'human'));
    page.info.engines.forEach((name, i) => $(id).add(new Option('Engine: ' + name, 'engine:' + i)));
  }
  for (let n = 1; n <= 5; n++) $('analysis-lines').add(new Option(String(n), String(n)));
  for (const id of ['white-elo', 'black-elo']) {
    $(id).add(new Option('full strength', '0'));
    for (let e = page.info.minElo; e <= page.info.maxElo; e += 200) $(id).add(new Option('Elo ' + e, String(e)));
  }
  $('variant').value = params.get('variant') || 'chess';
  if (!$('variant').value) $('variant').value = 'chess';
  $('white').value = params.get('white') || 'human';
  $('black').value = params.get('black') || 'engine:0';
  for (const id of ['white', 'black']) if (!$(id).value) $(id).value = 'human';
  if (params.get('fen')) $('fen').value = params.get('fen');
  if (params.get('base')) {
    $('tc-kind').value = 'clock';
    $('base').value = params.get('base');
    $('inc').value = params.get('inc') || '0';
  }
  if (params.get('movetime')) $('movetime').value = params.get('movetime');
  for (const side of ['white', 'black']) {
    if (params.get(side + 'Elo')) $(side + '-elo').value = params.get(side + 'Elo');
    $(side).addEventListener('change', showLevels);
  }
  showTimeInputs();
  showLevels();
}

// showLevels offers a strength level for the engines that have them.
function showLevels() {
  for (const side of ['white', 'black']) {
    const v = $(side).value;
    const n = v.startsWith('engine:') ? parseInt(v.slice(7), 10) : -1;
    $(side + '-elo').hidden = !(n >= 0 && page.info.levels[n]);
  }
}

function showTimeInputs() {
  const clock = $('tc-kind').value === 'clock';
  $('tc-clock').hidden = !clock;
  $('tc-move').hidden = clock;
}

function setupRequest() {
  const req = {
    variant: $('variant').value,
    white: $('white').value,
    black: $('black').value,
    fen: $('fen').value.trim(),
  };
  for (const side of ['white', 'black']) {
    if (!$(side + '-elo').hidden) req[side + 'Elo'] = parseInt($(side + '-elo').value, 10);
  }
  if ($('tc-kind').value === 'clock') {
    req.base = Math.round(parseFloat($('base').value) * 60000);
    req.inc = Math.round(parseFloat($('inc').value) * 1000);
  } else {
    req.moveTime = Math.round(parseFloat($('movetime').value) * 1000);
  }
  return req;
}

async function newGame() {
  say('');
  const req = setupRequest();
  try {
    const old = page.state && page.state.yours ? page.state.id : null;
    const st = await api('POST', '/api/games', req);
    if (old) api('DELETE', '/api/games/' + old).catch(() => {});
    const params = new URLSearchParams({ variant: req.variant, white: req.white, black: req.black, game: st.id });
    if (req.fen) params.set('fen', req.fen);
    for (const side of ['white', 'black']) if (req[side + 'Elo']) params.set(side + 'Elo', req[side + 'Elo']);
    if (req.base) {
      params.set('base', $('base').value);
      params.set('inc', $('inc').value);
    } else params.set('movetime', $('movetime').value);
    history.replaceState(null, '', '/?' + params);
    page.flipped = req.white !== 'human' && req.black === 'human';
    follow(st);
  } catch (e) {
    say(e.message);
  }
}

// follow shows a game and subscribes to its changes.
function follow(st) {
  if (page.events) page.events.close();
  page.state = null;
  page.cgShape = '';
  resetBuilding();
  render(st);
  page.events = new EventSource('/api/games/' + st.id + '/events');
  page.events.addEventListener('state', e => render(JSON.parse(e.data)));
}

function resetBuilding() {
  page.counts = {};
  page.pending = [];
  page.plan = null;
  page.promo = null;
  $('promo-box').hidden = true;
}

// ---- what the player may do ----

function myTurn(st) {
  return st && !st.status.over && st.moves && st.moves.length > 0;
}

function heightOf(st, key) {
  const s = st.board.squares.find(s => s.sq === key);
  return s ? s.pieces.length : 0;
}

// chosenCount is the number of checkers the player moves from key.
function chosenCount(st, key) {
  return page.counts[key] || heightOf(st, key);
}

function movesFrom(st, key) {
  return st.moves.filter(m => m.from === key && (!st.board.stacks || (m.whole ? heightOf(st, key) : m.count) === chosenCount(st, key)));
}

// dests is the library's map of legal destinations.
function dests(st) {
  const d = new Map();
  if (!myTurn(st)) return d;
  const add = (k, v) => {
    if (!d.has(k)) d.set(k, []);
    if (!d.get(k).includes(v)) d.get(k).push(v);
  };
  if (st.board.multiDrop && (page.pending.length > 0 || page.plan)) {
    if (page.plan) for (const n of page.plan.next) add(n.t.toUpperCase() + '@', n.sq);
    if (page.pending.length > 0) return d;
  }
  for (const m of st.moves) {
    if (m.drops && m.drops.length === 1 && !st.board.multiDrop) add(m.drops[0].t.toUpperCase() + '@', m.drops[0].sq);
    if (!m.from) continue;
    if (st.board.stacks && (m.whole ? heightOf(st, m.from) : m.count) !== chosenCount(st, m.from)) continue;
    add(m.from, m.to);
  }
  return d;
}

async function send(text) {
  say('');
  try {
    const st = await api('POST', `/api/games/${page.state.id}/move`, { move: text });
    resetBuilding();
    render(st);
  } catch (e) {
    say(e.message);
    const st = page.state;
    page.state = null;
    render(st); // put the board back as the server has it
  }
}

function onMove(orig, dest) {
  const st = page.state;
  const cands = movesFrom(st, orig).filter(m => m.to === dest);
  if (cands.length === 0) {
    say(`${orig}-${dest} is not among the legal moves`);
    render(st, true);
    return;
  }
  if (cands.length === 1) {
    send(cands[0].text);
    return;
  }
  // Several plies share from and to: a promotion choice.
  page.promo = cands;
  $('promos').replaceChildren(
    ...cands.map(m => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = m.promo || m.text;
      b.dataset.move = m.text;
      b.onclick = () => {
        $('promo-box').hidden = true;
        page.promo = null;
        send(m.text);
      };
      return b;
    }),
  );
  $('promo-box').hidden = false;
}

async function onDrop(piece, key) {
  const st = page.state;
  const t = piece.role[0].toUpperCase();
  if (!st.board.multiDrop) {
    const m = st.moves.find(m => m.drops && m.drops.length === 1 && m.drops[0].t === t && m.drops[0].sq === key);
    if (m) send(m.text);
    else {
      say(`${t}@${key} is not a legal drop`);
      render(st, true);
    }
    return;
  }
  page.pending.push({ t, sq: key });
  await replan();
}

// replan asks the server what the drop action built so far is worth.
async function replan() {
  const st = page.state;
  try {
    page.plan = await api('POST', `/api/games/${st.id}/drops`, { drops: page.pending });
  } catch (e) {
    say(e.message);
    page.pending.pop();
  }
  render(st, true);
}

// ---- drawing ----

function render(st, force) {
  if (!st) return;
  const prev = page.state;
  // The answer to a request and the event stream race: never go back to
  // an older version of the same game.
  if (!force && prev && prev.id === st.id && st.version <= prev.version) return;
  if (prev && prev.id === st.id && prev.version !== st.version && prev.fen !== st.fen) resetBuilding();
  page.state = st;
  page.received = performance.now();
  if (st.board.multiDrop && myTurn(st) && !page.plan && page.pending.length === 0) {
    replan();
  }
  page.orientation = page.flipped ? 'black' : 'white';
  drawBoard(st);
  drawPanels(st);
  document.body.dataset.fen = st.fen;
  document.body.dataset.version = st.version;
  document.body.dataset.turn = st.turn;
}

function drawBoard(st) {
  const b = st.board;
  const shape = `${st.id}/${b.files}x${b.ranks}/${b.handTypes}/${page.orientation}`;
  const mine = myTurn(st);
  const colour = colourName(st.turn);
  const last = st.history.length ? st.history[st.history.length - 1] : null;
  const cfg = {
    turnColor: colour,
    lastMove: lastMoveKeys(last),
    movable: { free: false, color: mine ? colour : undefined, dests: dests(st), showDests: true, events: { after: onMove, afterNewPiece: onDrop } },
    events: { select: onSelect },
    draggable: { enabled: true, showGhost: true },
    selectable: { enabled: true },
    premovable: { enabled: false },
  };
  if (page.cgShape !== shape || !page.cg) {
    if (page.cg) page.cg.destroy(); // its listeners on the document go too
    page.cg = makeBoard($('board'), b, page.orientation, { top: $('pocket-top'), bottom: $('pocket-bottom') }, cfg);
    page.cgShape = shape;
  } else {
    page.cg.set(Object.assign(boardConfig(b, page.orientation), cfg));
  }
  // A drop action being built: its pieces stand on the board already.
  for (const d of page.pending) {
    page.cg.state.boardState.pieces.set(d.sq, { role: roleOf(d.t), color: colour });
    const pocket = page.cg.state.boardState.pockets && page.cg.state.boardState.pockets[colour];
    if (pocket) pocket.set(roleOf(d.t), Math.max(0, (pocket.get(roleOf(d.t)) || 0) - 1));
  }
  if (page.pending.length) page.cg.redrawAll();
  const shapes = [];
  const best = st.analysis.on && st.analysis.lines && st.analysis.lines[0];
  if (best && best.best && best.best.from) shapes.push({ orig: best.best.from, dest: best.best.to, brush: 'green' });
  for (const f of b.forbidden || []) shapes.push({ orig: f.from, dest: f.to, brush: 'red' });
  page.cg.setAutoShapes(shapes);
  drawLayer($('overlay'), b, page.orientation, { pending: page.pending });
}

function onSelect(key) {
  const st = page.state;
  page.selected = key;
  showStack(st, key);
  const h = heightOf(st, key);
  const own = st.board.squares.find(s => s.sq === key);
  const mine = myTurn(st) && own && own.pieces[own.pieces.length - 1].c === st.turn;
  if (!st.board.stacks || h < 2 || !mine) {
    $('count-box').hidden = true;
    return;
  }
  // Which counts have a legal move from here?
  const counts = new Set(st.moves.filter(m => m.from === key).map(m => (m.whole ? h : m.count)));
  $('counts').replaceChildren(
    ...[...counts].sort((a, b) => a - b).map(n => {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.textContent = n === h ? `${n} (all)` : String(n);
      btn.dataset.count = n;
      btn.classList.toggle('on', n === chosenCount(st, key));
      btn.onclick = () => {
        page.counts[key] = n;
        page.cg.set({ movable: { dests: dests(st) } });
        page.cg.selectSquare(key, true);
        onSelect(key);
      };
      return btn;
    }),
  );
  $('count-box').hidden = counts.size === 0;
}

function onHover(e) {
  const st = page.state;
  if (!st || !st.board.stacks || !page.cg) return;
  const key = page.cg.getKeyAtDomPos([e.clientX, e.clientY]);
  if (key) showStack(st, key);
}

// showStack lists a russian stack's checkers from bottom to top.
function showStack(st, key) {
  const box = $('stack-box');
  const s = st.board.stacks && st.board.squares.find(s => s.sq === key);
  if (!s) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(`${key}: ${s.pieces.length} checker${s.pieces.length > 1 ? 's' : ''}, bottom to top: `, ...s.pieces.map(chip));
}

function drawPanels(st) {
  const b = st.board;
  const top = page.orientation === 'white' ? 1 : 0;
  drawPlayer($('player-top'), st, top);
  drawPlayer($('player-bottom'), st, 1 - top);
  let status;
  if (st.status.over) status = `Game over: ${st.status.result}. ${st.status.reason}`;
  else if (st.thinking) status = `${st.sideNames[st.turn === 'w' ? 0 : 1]} (engine) is thinking…`;
  else status = `${st.sideNames[st.turn === 'w' ? 0 : 1]} to move` + (b.check ? ', in check' : '');
  $('status').textContent = status;
  // The die.
  $('die').hidden = !b.die;
  if (b.die) {
    $('die').replaceChildren('Roll: ');
    const face = document.createElement('span');
    face.className = 'face';
    face.id = 'die-face';
    face.textContent = b.roll || '–';
    $('die').append(face, ` (${st.sideNames[st.turn === 'w' ? 0 : 1]})`);
  }
  // A forced pass.
  const passMine = st.forcedPass && myTurn(st);
  $('pass-box').hidden = !st.note;
  $('pass-text').textContent = st.note || '';
  $('pass').hidden = !passMine;
  if (!page.selected || !st.board.stacks) $('count-box').hidden = true;
  // A drop action being built.
  $('drop-box').hidden = !(b.multiDrop && myTurn(st));
  if (b.multiDrop) {
    $('drop-list').textContent = page.pending.length ? page.pending.map(d => `${d.t}@${d.sq}`).join(', ') : 'nothing placed yet: drag pieces from your reserve';
    const plan = page.plan;
    const playable = plan && plan.move && page.pending.length > 0;
    $('drop-play').disabled = !playable;
    $('drop-why').textContent = page.pending.length && plan && !plan.move ? 'Not playable yet: ' + plan.error : '';
  }
  // Scores (monochrome).
  $('scores').hidden = !b.scores;
  if (b.scores) $('scores').textContent = `Score: ${st.sideNames[0]} ${b.scores[0]} – ${st.sideNames[1]} ${b.scores[1]} (the game is decided on points)`;
  // Facts.
  $('facts').replaceChildren(
    ...(b.facts || []).flatMap(f => {
      const dt = document.createElement('dt');
      dt.textContent = f.name;
      const dd = document.createElement('dd');
      dd.textContent = f.value;
      return [dt, dd];
    }),
  );
  drawMoves(st);
  drawAnalysis(st);
  $('undo').disabled = !st.canUndo;
  $('resign').disabled = !st.yours || st.status.over || !st.players.some(p => p.kind === 'human');
}

function drawPlayer(el, st, c) {
  const p = st.players[c];
  el.replaceChildren();
  const name = document.createElement('span');
  name.textContent = `${st.sideNames[c]}: ${p.kind === 'engine' ? p.name + ' (engine' + (p.elo ? ', Elo ' + p.elo : '') + ')' : 'person'}`;
  el.appendChild(name);
  if (p.last) {
    const ev = document.createElement('span');
    ev.className = 'eval';
    ev.textContent = `eval ${scoreText(p.last)}${p.last.depth ? ' d' + p.last.depth : ''}`;
    el.appendChild(ev);
  }
  const clock = document.createElement('span');
  clock.className = 'clock';
  clock.dataset.side = c === 0 ? 'w' : 'b';
  el.appendChild(clock);
  el.dataset.side = c === 0 ? 'w' : 'b';
  tickClock(clock);
}

function tickClock(el) {
  const st = page.state;
  if (!st) return;
  const c = el.dataset.side === 'w' ? 0 : 1;
  if (!st.clock.timed) {
    // Untimed: only an engine has a time, per move.
    el.textContent = st.players[c].kind === 'engine' && st.clock.moveTime ? `${st.clock.moveTime / 1000} s/move` : '';
    return;
  }
  let ms = st.clock.left[c];
  const running = st.clock.running === el.dataset.side;
  if (running) ms = Math.max(0, ms - (performance.now() - page.received));
  const s = Math.ceil(ms / 1000);
  el.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  el.classList.toggle('running', running);
  el.classList.toggle('low', running && ms < 10000);
}

function drawMoves(st) {
  const ol = $('moves');
  ol.replaceChildren();
  let li = null;
  st.history.forEach((h, i) => {
    if (!li || h.side === 'w' || i === 0) {
      li = document.createElement('li');
      ol.appendChild(li);
      if (h.side === 'b') li.appendChild(document.createElement('span')).textContent = '…';
    }
    const span = document.createElement('span');
    span.className = 'ply';
    if (h.roll) {
      const r = document.createElement('span');
      r.className = 'roll';
      r.textContent = `{${h.roll}}`;
      span.appendChild(r);
    }
    span.appendChild(document.createTextNode(h.text));
    if (i === st.history.length - 1) span.classList.add('last');
    li.appendChild(span);
    if (h.side === 'b') li = null;
  });
  ol.scrollTop = ol.scrollHeight;
}

function drawAnalysis(st) {
  const a = st.analysis;
  $('analysis-on').checked = a.on;
  const out = $('analysis-out');
  out.replaceChildren();
  if (!a.on) return;
  const head = document.createElement('div');
  head.textContent = a.running ? 'searching…' : 'done';
  out.appendChild(head);
  const die = st.board.die;
  for (const l of a.lines || []) {
    const d = document.createElement('div');
    d.className = 'line';
    const label = die ? 'expected value' : `line ${l.rank}`;
    d.textContent = `${label}: ${scoreText(l)} depth ${l.depth}  ${die ? '' : l.pv.join(' ')}`;
    out.appendChild(d);
  }
  if (a.faces && a.faces.length) {
    const t = document.createElement('table');
    t.innerHTML = '<tr><th>face</th><th>best</th><th>value</th></tr>';
    for (const f of [...a.faces].sort((x, y) => 'KQRBNP'.indexOf(x.face) - 'KQRBNP'.indexOf(y.face))) {
      const tr = t.insertRow();
      tr.classList.toggle('rolled', f.face === st.board.roll);
      tr.insertCell().textContent = f.face;
      tr.insertCell().textContent = f.line.pv.length ? f.line.pv[0] : 'pass';
      tr.insertCell().textContent = scoreText(f.line);
    }
    out.appendChild(t);
  }
}

// ---- controls ----

function wire() {
  $('setup').addEventListener('submit', e => {
    e.preventDefault();
    newGame();
  });
  $('tc-kind').addEventListener('change', showTimeInputs);
  $('board').addEventListener('mousemove', onHover);
  $('flip').onclick = () => {
    page.flipped = !page.flipped;
    render(page.state, true);
  };
  $('undo').onclick = async () => {
    try {
      resetBuilding();
      render(await api('POST', `/api/games/${page.state.id}/undo`));
    } catch (e) {
      say(e.message);
    }
  };
  $('resign').onclick = async () => {
    try {
      render(await api('POST', `/api/games/${page.state.id}/resign`));
    } catch (e) {
      say(e.message);
    }
  };
  $('pass').onclick = () => {
    const m = page.state.moves.find(m => m.pass);
    if (m) send(m.text);
  };
  $('drop-play').onclick = () => {
    if (page.plan && page.plan.move) send(page.plan.move);
  };
  $('drop-clear').onclick = () => {
    resetBuilding();
    render(page.state, true);
  };
  $('promo-cancel').onclick = () => {
    $('promo-box').hidden = true;
    render(page.state, true);
  };
  $('pgn').onclick = async () => {
    const r = await fetch(`/api/games/${page.state.id}/pgn`);
    const text = await r.text();
    $('export').value = text;
    $('export').hidden = false;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
    a.download = `varchess-${page.state.variant}.pgn`;
    a.click();
  };
  $('copy-fen').onclick = () => {
    $('export').value = page.state.fen;
    $('export').hidden = false;
    $('export').select();
  };
  const analysis = async () => {
    try {
      render(await api('POST', `/api/games/${page.state.id}/analysis`, { on: $('analysis-on').checked, lines: parseInt($('analysis-lines').value, 10) }));
    } catch (e) {
      say(e.message);
    }
  };
  $('analysis-on').onchange = analysis;
  $('analysis-lines').onchange = analysis;
  setInterval(() => document.querySelectorAll('.player .clock').forEach(tickClock), 200);
}

async function main() {
  page.info = await api('GET', '/api/info');
  if (location.pathname === '/live') {
    $('play').hidden = true;
    $('setup').hidden = true;
    $('live').hidden = false;
    startLive($('live-games'));
    return;
  }
  fillSetup();
  wire();
  const id = new URLSearchParams(location.search).get('game');
  if (id) {
    try {
      follow(await api('GET', '/api/games/' + id));
      return;
    } catch (e) {
      say('That game is gone; here is a new one.');
    }
  }
  await newGame();
}

main().catch(e => say(e.message));
