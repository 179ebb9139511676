import { Chessground } from './chessground.js';

export default Chessground;
