import { keyframes, styled } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Track = styled('div')(({ theme }) => ({
  position: 'relative',
  overflow: 'hidden',
  height: 4,
  backgroundColor: theme.palette.grey[300],
  '&::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    width: '40%',
    backgroundColor: theme.palette.primary.main,
    animation: `${slide} 1.4s ease-in-out infinite`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
  },
}));

/**
 * The indeterminate bar shown while a page's chunk downloads: what MUI's LinearProgress draws, in a few lines, so
 * that every page's first load does not carry LinearProgress for a fallback seen for a moment.
 */
export function LoadingBar({ label = 'Carregando' }: { label?: string }) {
  return <Track role="progressbar" aria-label={label} aria-busy="true" />;
}
