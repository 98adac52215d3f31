import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

export const PEN_COLOUR = '#000000';
export const PAD_HEIGHT = 200;

export type SignaturePadHandle = { isEmpty: () => boolean; clear: () => void; toDataURL: () => string };

/** A canvas the client signs on with mouse, pen or finger. */
export const SignaturePad = forwardRef<SignaturePadHandle, { label: string }>(function SignaturePad({ label }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const strokes = useRef(0);

  const context = () => canvas.current?.getContext('2d') ?? null;

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    // Match the drawing buffer to the displayed width so strokes land under the pointer.
    c.width = c.clientWidth || 600;
    c.height = PAD_HEIGHT;
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => strokes.current === 0,
    clear: () => {
      const c = canvas.current;
      context()?.clearRect(0, 0, c?.width ?? 0, c?.height ?? 0);
      strokes.current = 0;
    },
    toDataURL: () => canvas.current?.toDataURL('image/png') ?? '',
  }));

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const scaleX = rect.width ? e.currentTarget.width / rect.width : 1;
    return { x: (e.clientX - rect.left) * scaleX, y: e.clientY - rect.top };
  };

  return (
    <canvas
      ref={canvas}
      className="signature-pad"
      style={{ height: PAD_HEIGHT }}
      role="img"
      aria-label={label}
      data-testid="signature-pad"
      onPointerDown={(e) => {
        const ctx = context();
        if (!ctx) return;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        drawing.current = true;
        const p = point(e);
        ctx.strokeStyle = PEN_COLOUR;
        ctx.fillStyle = PEN_COLOUR;
        ctx.lineWidth = 2;
        ctx.lineCap = 'round';
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
      }}
      onPointerMove={(e) => {
        if (!drawing.current) return;
        const ctx = context();
        if (!ctx) return;
        const p = point(e);
        ctx.lineTo(p.x, p.y);
        ctx.stroke();
        strokes.current += 1;
      }}
      onPointerUp={() => {
        drawing.current = false;
      }}
      onPointerLeave={() => {
        drawing.current = false;
      }}
    />
  );
});
