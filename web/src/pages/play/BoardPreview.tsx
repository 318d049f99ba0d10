import { Chessboard } from 'react-chessboard';

/** The board preview (spec: 240 px wide), read-only. Its own chunk: loaded only when a custom position is chosen. */
export default function BoardPreview({ fen, width }: { fen: string; width: number }) {
  return (
    <div className="board-preview" style={{ width, height: width }} data-testid="board-preview" data-fen={fen}>
      <Chessboard options={{ id: 'start-position-preview', position: fen, allowDragging: false, showNotation: true, boardStyle: { width, height: width } }} />
    </div>
  );
}
