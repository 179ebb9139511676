// The live view of a running match (varchess match ... -live ADDR): every
// game in progress with its board, clocks, rolls and each engine's score.

import { drawLayer, makeBoard, boardConfig, lastMoveKeys, scoreText } from '/static/board.js';

const boards = new Map(); // game number -> {el, cg, shape}

export function startLive(container) {
  const events = new EventSource('/api/live/events');
  events.addEventListener('state', e => show(container, JSON.parse(e.data)));
}

function show(container, live) {
  const seen = new Set();
  if (live.games.length === 0) container.textContent = 'Waiting for the first game…';
  else if (container.firstChild && container.firstChild.nodeType === Node.TEXT_NODE) container.replaceChildren();
  for (const g of live.games) {
    seen.add(g.game);
    let b = boards.get(g.game);
    if (!b) {
      const el = document.createElement('div');
      el.className = 'live-game';
      el.dataset.game = g.game;
      el.innerHTML = '<div class="title"></div><div class="board-frame"><div class="cg"></div><div class="overlay"></div></div><div class="info"></div><div class="moves"></div>';
      container.appendChild(el);
      b = { el, cg: null, shape: '' };
      boards.set(g.game, b);
    }
    draw(b, g);
  }
  for (const [n, b] of boards) {
    if (!seen.has(n)) {
      b.el.remove();
      boards.delete(n);
    }
  }
}

function draw(b, g) {
  const board = g.board;
  const shape = `${board.files}x${board.ranks}/${board.handTypes}`;
  const last = g.history.length ? g.history[g.history.length - 1] : null;
  const cfg = { viewOnly: true, lastMove: lastMoveKeys(last), turnColor: g.turn === 'w' ? 'white' : 'black' };
  const frame = b.el.querySelector('.cg');
  if (b.shape !== shape) {
    b.cg = makeBoard(frame, board, 'white', null, cfg);
    b.shape = shape;
  } else {
    b.cg.set(Object.assign(boardConfig(board, 'white'), cfg));
  }
  drawLayer(b.el.querySelector('.overlay'), board, 'white');
  const clock = ms => {
    const s = Math.ceil(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  const score = s => (s ? ` ${scoreText(s)}${s.depth ? '/' + s.depth : ''}` : '');
  b.el.querySelector('.title').textContent = `Game ${g.game} (${g.variant}): ${g.white} – ${g.black}`;
  const info = [
    `${g.sideNames[0]} ${g.white} ${clock(g.clock[0])}${score(g.scores[0])}`,
    `${g.sideNames[1]} ${g.black} ${clock(g.clock[1])}${score(g.scores[1])}`,
  ];
  if (board.scores) info.push(`points ${board.scores[0]}–${board.scores[1]}`);
  if (g.status.over) info.push(`${g.status.result} ${g.status.reason}`);
  else info.push(`${g.sideNames[g.turn === 'w' ? 0 : 1]} to move`);
  b.el.querySelector('.info').textContent = info.join(' · ');
  b.el.querySelector('.moves').textContent = g.history.map(h => (h.roll ? `{${h.roll}}` : '') + h.text).join(' ');
}
