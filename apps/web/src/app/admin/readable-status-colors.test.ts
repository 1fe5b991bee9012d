import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { isReadableStatusColor, withReadableStatusColors } from './readable-status-colors';

const STATUSES = ['error', 'warning', 'info', 'success'] as const;

describe('withReadableStatusColors', () => {
  it('replaces MUI’s default error, warning and info with shades that read at 4.5:1', () => {
    const defaults = createTheme();
    expect(STATUSES.filter((c) => !isReadableStatusColor(defaults, c))).toEqual(['error', 'warning', 'info']);
    const readable = withReadableStatusColors(defaults);
    expect(STATUSES.filter((c) => !isReadableStatusColor(readable, c))).toEqual([]);
    expect(readable.palette.warning.main).toBe('#A35200');
    expect(readable.palette.warning.contrastText).toBe('#fff');
    expect(readable.palette.success).toBe(defaults.palette.success);
  });

  it('makes the app theme’s status colours readable in the back office', () => {
    const admin = withReadableStatusColors(theme);
    expect(STATUSES.filter((c) => !isReadableStatusColor(admin, c))).toEqual([]);
    expect(admin.palette.primary).toBe(theme.palette.primary);
    expect(admin.typography).toBe(theme.typography);
  });

  it('keeps a theme whose status colours already read', () => {
    const readable = withReadableStatusColors(createTheme());
    expect(withReadableStatusColors(readable)).toBe(readable);
  });
});
