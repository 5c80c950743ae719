import { Box, Button, Group, Image, Paper, Text } from '@mantine/core';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { SignatureAnswer } from './field-logic';
import {
  drawStrokes,
  extendStroke,
  hasInk,
  startStroke,
  undoStroke,
  type Point,
  type Strokes,
} from './signature-strokes';
import { FieldLabel } from './FieldLabel';

const PAD_HEIGHT = 160;

export interface SignaturePadProps {
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  /** Who signs; stored with the signature. */
  signerName: string;
  value: SignatureAnswer | null;
  onChange: (value: SignatureAnswer | null) => void;
  testId?: string;
}

/**
 * A signature drawn with a finger, pen or mouse (pointer events; the pad does not scroll the page
 * while drawing), with undo and clear. Each finished stroke exports the drawing as a PNG. A
 * signature already saved shows as its image until it is cleared and drawn again.
 */
export function SignaturePad({
  label,
  required,
  error,
  signerName,
  value,
  onChange,
  testId,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The drawing lives in a ref (pointer events update it between renders); setting it re-renders.
  const strokesRef = useRef<Strokes>([]);
  const [strokes, setStrokesState] = useState<Strokes>([]);
  const setStrokes = (next: Strokes) => {
    strokesRef.current = next;
    setStrokesState(next);
  };
  const drawing = useRef(false);
  const showSaved = value !== null && !hasInk(strokes);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    drawStrokes(context, strokes);
  }, [strokes, showSaved]);

  const pointAt = (event: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.round((event.clientX - box.left) * 10) / 10,
      y: Math.round((event.clientY - box.top) * 10) / 10,
    };
  };
  const publish = (next: Strokes) => {
    const canvas = canvasRef.current;
    if (!canvas || !hasInk(next)) return onChange(null);
    const { width, height } = canvas.getBoundingClientRect();
    onChange({
      name: signerName,
      width: Math.round(width),
      height: Math.round(height),
      signature: canvas.toDataURL('image/png'),
      timestamp: new Date().toISOString(),
    });
  };
  const change = (next: Strokes) => {
    setStrokes(next);
    // Export after the canvas shows the new strokes.
    requestAnimationFrame(() => publish(next));
  };

  return (
    <Box data-testid={testId}>
      <FieldLabel label={label} required={required} />
      <Paper
        withBorder
        radius="sm"
        mt={4}
        style={{
          borderStyle: showSaved ? 'solid' : 'dashed',
          borderColor: error ? 'var(--mantine-color-error)' : undefined,
          overflow: 'hidden',
        }}
      >
        {showSaved ? (
          <Image
            src={value.signature}
            alt={`Signature of ${value.name}`}
            h={PAD_HEIGHT}
            fit="contain"
          />
        ) : (
          <canvas
            ref={canvasRef}
            aria-label={`${label}: sign here`}
            role="img"
            data-testid={testId ? `${testId}-canvas` : undefined}
            style={{
              display: 'block',
              width: '100%',
              height: PAD_HEIGHT,
              touchAction: 'none',
              cursor: 'crosshair',
            }}
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              drawing.current = true;
              setStrokes(startStroke(strokesRef.current, pointAt(event)));
            }}
            onPointerMove={(event) => {
              if (!drawing.current) return;
              setStrokes(extendStroke(strokesRef.current, pointAt(event)));
            }}
            onPointerUp={() => {
              if (!drawing.current) return;
              drawing.current = false;
              change(strokesRef.current);
            }}
            onPointerCancel={() => {
              drawing.current = false;
            }}
          />
        )}
      </Paper>
      <Group justify="space-between" mt={4} wrap="nowrap">
        <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? (showSaved ? `Signed by ${value.name}` : 'Sign inside the box')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconArrowBackUp size={16} />}
            disabled={!hasInk(strokes)}
            onClick={() => change(undoStroke(strokesRef.current))}
          >
            Undo
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconEraser size={16} />}
            disabled={!hasInk(strokes) && value === null}
            onClick={() => {
              setStrokes([]);
              onChange(null);
            }}
          >
            Clear
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
