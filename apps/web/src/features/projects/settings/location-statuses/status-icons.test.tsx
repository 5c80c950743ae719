import { LOCATION_STATUS_ICONS } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { render } from '../../../../test/render';
import { StatusIcon, iconLabel } from './status-icons';

describe('status icons', () => {
  it('draws every icon of the contract with a distinct accessible name', async () => {
    const container = await render(
      <>
        {LOCATION_STATUS_ICONS.map((icon) => (
          <StatusIcon key={icon} icon={icon} color="#000" />
        ))}
      </>,
    );
    const svgs = [...container.querySelectorAll('svg')];
    expect(svgs).toHaveLength(LOCATION_STATUS_ICONS.length);
    for (const svg of svgs) expect(svg.children.length).toBeGreaterThan(0);
    expect(new Set(LOCATION_STATUS_ICONS.map(iconLabel)).size).toBe(LOCATION_STATUS_ICONS.length);
    expect(new Set(svgs.map((svg) => svg.innerHTML)).size).toBe(LOCATION_STATUS_ICONS.length);
  });

  it('fills pies by twelfths, taking the long way round past half', async () => {
    const container = await render(
      <>
        <StatusIcon icon="pie-3" color="#000" />
        <StatusIcon icon="pie-9" color="#000" />
      </>,
    );
    const [quarter, threeQuarters] = [...container.querySelectorAll('path')].map((path) =>
      path.getAttribute('d'),
    );
    expect(quarter).toBe('M12 12L12 3A9 9 0 0 1 21.000 12.000Z');
    expect(threeQuarters).toBe('M12 12L12 3A9 9 0 1 1 3.000 12.000Z');
    expect(iconLabel('pie-3')).toBe('Pie 3/12');
    expect(iconLabel('arrow-up')).toBe('Arrow up');
  });
});
