import type { LocationStatusIcon } from '@fieldwork/contract';
import type { ReactNode } from 'react';

/**
 * The location status icons of field-work §3, drawn on a 24×24 grid in the status's colour
 * (currentColor). Pies fill n twelfths clockwise from twelve o'clock.
 */
const C = 12;
const R = 9;

function pieWedge(twelfths: number): string {
  const angle = (twelfths / 12) * 2 * Math.PI;
  const x = (C + R * Math.sin(angle)).toFixed(3);
  const y = (C - R * Math.cos(angle)).toFixed(3);
  return `M${C} ${C}L${C} ${C - R}A${R} ${R} 0 ${twelfths > 6 ? 1 : 0} 1 ${x} ${y}Z`;
}

const ring = (extra: Record<string, string | number> = {}) => (
  <circle cx={C} cy={C} r={R} fill="none" stroke="currentColor" strokeWidth={2} {...extra} />
);
const stroked = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.5 } as const;
const rounded = { ...stroked, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const filled = { fill: 'currentColor' } as const;

/** Arrows point up; the other directions are rotations. */
const arrow = (degrees: number) => (
  <g transform={`rotate(${degrees} ${C} ${C})`} {...rounded}>
    <path d="M12 20V5M5.5 11.5 12 5l6.5 6.5" />
  </g>
);
const pointer = (degrees: number) => (
  <path transform={`rotate(${degrees} ${C} ${C})`} d="M12 4 21 19H3Z" {...filled} />
);

const SHAPES: Record<Exclude<LocationStatusIcon, `pie-${number}`>, ReactNode> = {
  'pie-full': <circle cx={C} cy={C} r={R + 1} {...filled} />,
  'pie-empty': ring(),
  'pie-dashed': ring({ strokeDasharray: '3.2 2.45' }),
  'pointer-up': pointer(0),
  'pointer-right': pointer(90),
  'pointer-down': pointer(180),
  'pointer-left': pointer(270),
  'arrow-up': arrow(0),
  'arrow-right': arrow(90),
  'arrow-down': arrow(180),
  'arrow-left': arrow(270),
  plus: <path d="M12 4v16M4 12h16" {...rounded} strokeWidth={3} />,
  tick: <path d="M4.5 12.5 9.5 17.5 19.5 6.5" {...rounded} strokeWidth={3} />,
  cross: <path d="M5.5 5.5l13 13M18.5 5.5l-13 13" {...rounded} strokeWidth={3} />,
  dash: <path d="M4.5 12h15" {...rounded} strokeWidth={3.5} />,
  alert: (
    <>
      <path d="M12 2.5 22.5 21H1.5Z" {...filled} />
      <path d="M12 9v5.5" stroke="white" strokeWidth={2.4} strokeLinecap="round" />
      <circle cx={12} cy={17.8} r={1.35} fill="white" />
    </>
  ),
  donut: <circle cx={C} cy={C} r={6.5} fill="none" stroke="currentColor" strokeWidth={5} />,
  star: (
    <path
      d="M12 2.5l2.8 6.1 6.7.7-5 4.5 1.4 6.6L12 17l-5.9 3.4 1.4-6.6-5-4.5 6.7-.7Z"
      {...filled}
    />
  ),
  alarm: (
    <g {...rounded} strokeWidth={2}>
      <circle cx={12} cy={13} r={7.5} />
      <path d="M12 9.5V13l2.5 2M3.5 5.5l3-2.5M20.5 5.5l-3-2.5M7 20l-1.5 2M17 20l1.5 2" />
    </g>
  ),
  power: (
    <g {...rounded} strokeWidth={2.5}>
      <path d="M12 3v8" />
      <path d="M7 6.3a7.5 7.5 0 1 0 10 0" />
    </g>
  ),
  status: (
    <>
      {ring()}
      <circle cx={C} cy={C} r={4.5} {...filled} />
    </>
  ),
};

function shapeOf(icon: LocationStatusIcon): ReactNode {
  const pie = /^pie-(\d+)$/.exec(icon);
  if (pie) {
    return (
      <>
        {ring()}
        <path d={pieWedge(Number(pie[1]))} {...filled} />
      </>
    );
  }
  return SHAPES[icon as keyof typeof SHAPES];
}

/** "pie-3" → "Pie 3/12", "arrow-up" → "Arrow up": the icon's accessible name. */
export function iconLabel(icon: LocationStatusIcon): string {
  const pie = /^pie-(\d+)$/.exec(icon);
  if (pie) return `Pie ${pie[1]}/12`;
  const words = icon.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One status icon, decorative (the control around it carries the name). */
export function StatusIcon({
  icon,
  color,
  size = 20,
}: {
  icon: LocationStatusIcon;
  color: string;
  size?: number;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ color, flex: 'none', display: 'block' }}
    >
      {shapeOf(icon)}
    </svg>
  );
}
