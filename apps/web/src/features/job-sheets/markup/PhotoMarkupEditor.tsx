import {
  PHOTO_MARKUP_COLORS,
  PHOTO_MARKUP_TEXT_MAX,
  type PhotoMarkupShape,
  type PhotoMarkupShapeType,
} from '@fieldwork/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  ColorSwatch,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconArrowUpRight,
  IconCheck,
  IconCircle,
  IconLetterT,
  IconTrash,
} from '@tabler/icons-react';
import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Arrow, Circle, Image as KonvaImage, Layer, Stage, Text as KonvaText } from 'react-konva';
import { errorMessage } from '../../../api/errors';
import { describeUploadFailure } from '../../../ui/uploads/upload-problem';
import type { PhotoMarkupDraft } from '../job-sheets-api';
import {
  MARKUP_COLOR_NAMES,
  fitted,
  pixelsOf,
  pointOn,
  shapeCount,
  shapeOfDrag,
  strokeWidthOf,
  textAt,
  type Point,
  type Size,
} from './markup-shapes';

type Color = PhotoMarkupShape['color'];

export interface PhotoMarkupEditorProps {
  /** The upright photo to draw over (the original, never an earlier copy). */
  photoUrl: string;
  photo: Size;
  /** What was drawn before, to go on from. */
  initialShapes: PhotoMarkupShape[];
  /** Keeps the copy; answers when it is kept (rejects with the reason otherwise). */
  onSave: (draft: PhotoMarkupDraft, onProgress: (fraction: number) => void) => Promise<void>;
  /** Removes the kept markup, when there is some. */
  onRemove?: (() => Promise<void>) | undefined;
  onCancel: () => void;
  /** Most of the screen's height the picture may take (the modal's height less the tools). */
  maxHeight: number;
}

const TOOLS: { value: PhotoMarkupShapeType; label: string; icon: typeof IconCircle }[] = [
  { value: 'ARROW', label: 'Arrow', icon: IconArrowUpRight },
  { value: 'CIRCLE', label: 'Circle', icon: IconCircle },
  { value: 'TEXT', label: 'Text', icon: IconLetterT },
];

/** Loads the photo for the canvas; anonymous CORS so the drawn copy may be read back out. */
function usePhotoImage(url: string) {
  const [state, setState] = useState<{ image?: HTMLImageElement; failed?: boolean }>({});
  useEffect(() => {
    const image = new window.Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => setState({ image });
    image.onerror = () => setState({ failed: true });
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  return state;
}

/**
 * Draws arrows, circles and text over a photo with Konva and keeps the result as a copy: the
 * picture at the photo's own size as a JPEG, with the shapes in fractions of the photo so they
 * can be drawn again over the original later. Drag to draw an arrow or a circle; with Text,
 * write the words, then tap where they go.
 */
export function PhotoMarkupEditor({
  photoUrl,
  photo,
  initialShapes,
  onSave,
  onRemove,
  onCancel,
  maxHeight,
}: PhotoMarkupEditorProps) {
  const { ref: frame, width: frameWidth } = useElementSize();
  const stageRef = useRef<Konva.Stage>(null);
  const loaded = usePhotoImage(photoUrl);
  const [shapes, setShapes] = useState<PhotoMarkupShape[]>(initialShapes);
  const [tool, setTool] = useState<PhotoMarkupShapeType>('ARROW');
  const [color, setColor] = useState<Color>(PHOTO_MARKUP_COLORS[0]);
  const [words, setWords] = useState('');
  const [draft, setDraft] = useState<{ from: Point; to: Point } | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const stage = fitted(photo, { width: Math.max(frameWidth, 1), height: maxHeight });
  const saving = progress !== null;

  const undo = () => setShapes((current) => current.slice(0, -1));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'z' && !event.shiftKey) {
        event.preventDefault();
        setShapes((current) => current.slice(0, -1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const pointer = (): Point | null => {
    const position = stageRef.current?.getPointerPosition();
    return position ? pointOn(stage, position.x, position.y) : null;
  };
  const start = () => {
    const at = pointer();
    if (!at || saving) return;
    if (tool === 'TEXT') {
      const shape = textAt(color, at, words);
      if (!shape) return setHint('Write the text first, then tap where it goes.');
      setShapes((current) => [...current, shape]);
      setWords('');
      setHint(null);
      return;
    }
    setDraft({ from: at, to: at });
  };
  const move = () => {
    const at = pointer();
    if (draft && at) setDraft({ ...draft, to: at });
  };
  const finish = () => {
    if (!draft || tool === 'TEXT') return;
    const shape = shapeOfDrag(tool, color, draft.from, draft.to, photo);
    if (shape) setShapes((current) => [...current, shape]);
    setDraft(null);
  };

  const save = async () => {
    const node = stageRef.current;
    if (!node) return;
    setFailure(null);
    setProgress(0);
    try {
      // The copy at the photo's own size: the stage drawn again at the photo's pixel ratio.
      const image = (await node.toBlob({
        mimeType: 'image/jpeg',
        quality: 0.9,
        pixelRatio: photo.width / stage.width,
      })) as Blob | null;
      if (!image) throw new Error('The marked-up copy could not be drawn.');
      await onSave({ image, shapes }, setProgress);
    } catch (error) {
      setFailure(
        error instanceof DOMException && error.name === 'SecurityError'
          ? 'The photo cannot be copied from where it is stored (its server does not allow it).'
          : describeUploadFailure(error).message,
      );
      setProgress(null);
    }
  };

  const preview =
    draft && tool !== 'TEXT' ? shapeOfDrag(tool, color, draft.from, draft.to, photo) : null;
  const drawn = preview ? [...shapes, preview] : shapes;

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <SegmentedControl
          aria-label="Tool"
          value={tool}
          onChange={(value) => setTool(value)}
          data={TOOLS.map(({ value, label, icon: Icon }) => ({
            value,
            label: (
              <Group gap={4} wrap="nowrap">
                <Icon size={16} aria-hidden />
                <span>{label}</span>
              </Group>
            ),
          }))}
        />
        <Group gap={6} role="radiogroup" aria-label="Colour">
          {PHOTO_MARKUP_COLORS.map((value) => (
            <ColorSwatch
              key={value}
              component="button"
              type="button"
              role="radio"
              aria-checked={color === value}
              aria-label={MARKUP_COLOR_NAMES[value]}
              color={value}
              size={28}
              style={{ cursor: 'pointer', border: '1px solid var(--mantine-color-gray-5)' }}
              onClick={() => setColor(value)}
            >
              {color === value && (
                <IconCheck
                  size={16}
                  color={value === '#ffffff' || value === '#fab005' ? '#000' : '#fff'}
                />
              )}
            </ColorSwatch>
          ))}
        </Group>
        <Group gap={6}>
          {[
            { label: 'Undo the last shape', hint: ' (Ctrl+Z)', icon: IconArrowBackUp, run: undo },
            { label: 'Clear every shape', hint: '', icon: IconTrash, run: () => setShapes([]) },
          ].map(({ label, hint, icon: Icon, run }) => (
            <Tooltip key={label} label={label + hint}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={label}
                disabled={shapes.length === 0 || saving}
                onClick={run}
              >
                <Icon size={18} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      </Group>
      {tool === 'TEXT' && (
        <TextInput
          label="Text to place"
          description="Write it, then tap the photo where it goes."
          value={words}
          maxLength={PHOTO_MARKUP_TEXT_MAX}
          onChange={(event) => setWords(event.currentTarget.value)}
          error={hint}
        />
      )}
      <Box ref={frame} w="100%">
        {loaded.failed ? (
          <Alert color="red" title="The photo did not load">
            Close this and try again.
          </Alert>
        ) : (
          <Box
            role="img"
            aria-label={`The photo being marked up: ${shapeCount(shapes.length).toLowerCase()}`}
            mx="auto"
            w={stage.width}
            h={stage.height}
            bg="gray.1"
            data-testid="markup-canvas"
            // The finger draws; it does not scroll the page.
            style={{ touchAction: 'none', cursor: tool === 'TEXT' ? 'text' : 'crosshair' }}
          >
            {frameWidth > 0 && (
              <Stage
                ref={stageRef}
                width={stage.width}
                height={stage.height}
                onPointerDown={start}
                onPointerMove={move}
                onPointerUp={finish}
                onPointerLeave={finish}
              >
                <Layer listening={false}>
                  {loaded.image && (
                    <KonvaImage image={loaded.image} width={stage.width} height={stage.height} />
                  )}
                  {drawn.map((shape, index) => (
                    <MarkupShape key={index} shape={shape} stage={stage} />
                  ))}
                </Layer>
              </Stage>
            )}
          </Box>
        )}
      </Box>
      <Group gap={6}>
        <Text size="sm" fw={500} role="status">
          {shapeCount(shapes.length)}
        </Text>
        {tool !== 'TEXT' && (
          <Text size="sm" c="dimmed">
            · drag on the photo to draw {tool === 'ARROW' ? 'an arrow' : 'a circle'}
          </Text>
        )}
      </Group>
      {progress !== null && (
        <Progress value={progress * 100} aria-label="Saving the marked-up copy" animated />
      )}
      {failure && (
        <Alert color="red" title="Not saved">
          {failure}
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        {onRemove ? (
          <Button
            variant="subtle"
            color="red"
            disabled={saving}
            onClick={() => {
              setFailure(null);
              onRemove().catch((error: unknown) => setFailure(errorMessage(error)));
            }}
          >
            Remove markup
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button
            onClick={() => void save()}
            loading={saving}
            disabled={shapes.length === 0 || !loaded.image}
          >
            Save markup
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** One shape in stage pixels. */
function MarkupShape({ shape, stage }: { shape: PhotoMarkupShape; stage: Size }) {
  const width = strokeWidthOf(stage);
  // A thin dark edge keeps white and yellow visible on pale walls.
  const edge = { shadowColor: '#000', shadowBlur: 2, shadowOpacity: 0.6 };
  if (shape.type === 'ARROW') {
    const from = pixelsOf(stage, shape.from);
    const to = pixelsOf(stage, shape.to);
    return (
      <Arrow
        points={[from.x, from.y, to.x, to.y]}
        stroke={shape.color}
        fill={shape.color}
        strokeWidth={width}
        pointerLength={width * 4}
        pointerWidth={width * 4}
        lineCap="round"
        {...edge}
      />
    );
  }
  if (shape.type === 'CIRCLE') {
    const center = pixelsOf(stage, shape.center);
    return (
      <Circle
        x={center.x}
        y={center.y}
        radius={shape.radius * stage.width}
        stroke={shape.color}
        strokeWidth={width}
        {...edge}
      />
    );
  }
  const at = pixelsOf(stage, shape.at);
  return (
    <KonvaText
      x={at.x}
      y={at.y}
      text={shape.text}
      fontSize={shape.size * stage.height}
      fontStyle="bold"
      fill={shape.color}
      {...edge}
    />
  );
}
