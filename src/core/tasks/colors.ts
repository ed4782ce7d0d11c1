// A status colour (docs/api/openapi.yaml#listListStatuses: "hex color #rrggbb") shown through the theme: the nearest of
// the
// workbench's chart colours, so it stays readable in light, dark and high-contrast themes (theme
// colours, never hard-coded ones).

export type ChartColor =
  | 'charts.red'
  | 'charts.orange'
  | 'charts.yellow'
  | 'charts.green'
  | 'charts.blue'
  | 'charts.purple'
  | 'charts.foreground';

/** The band that closes the hue circle: red again, up to 360 degrees. */
const LAST_BAND: readonly [number, ChartColor] = [360, 'charts.red'];

/** Hue bands (degrees) of the chart colours; greys (low saturation) map to the foreground colour. */
const bands: readonly (readonly [number, ChartColor])[] = [
  [15, 'charts.red'],
  [45, 'charts.orange'],
  [70, 'charts.yellow'],
  [170, 'charts.green'],
  [255, 'charts.blue'],
  [330, 'charts.purple'],
  LAST_BAND,
];

export function chartColorFor(hex: string | undefined): ChartColor {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!match) {
    return 'charts.foreground';
  }
  const [r, g, b] = [match[1], match[2], match[3]].map((h) => parseInt(h as string, 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  if (max === 0 || delta / max < 0.2) {
    return 'charts.foreground';
  }
  let hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  hue = (hue * 60 + 360) % 360;
  return (bands.find(([limit]) => hue < limit) ?? LAST_BAND)[1];
}
