import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { VIDEO_TAG_LABELS, VIDEO_TAGS, VIDEOS_PAGE_SIZE, type VideoTag } from '@prata/domain';
import { LoadError } from '@/components/paginated-table';
import { PageHeader } from '@/components/page';
import { useSearchParams } from '@/lib/search-params';
import { useVideoPages } from '../api/videos';
import { VideoCard } from '../components/video-card';
import { useRevealFocus } from '@/lib/focus';

const isTag = (value: string | null): value is VideoTag => VIDEO_TAGS.includes(value as VideoTag);

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
    sm: 'repeat(auto-fill, minmax(240px, 1fr))',
  },
} as const;

/** /educacional (spec 3 "Educacional"): the videos, 12 at a time, with the tag filter and 'Carregar mais'. */
export function EducationalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tag');
  const tag = isTag(raw) ? raw : null;
  const pages = useVideoPages(tag);
  const videos = pages.data?.pages.flatMap((p) => p.videos.data) ?? [];
  const reveal = useRevealFocus();
  const total = pages.data?.pages[0]?.videos.total ?? 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader title="Educacional" description="Vídeos para entender a prata, o mercado e a plataforma." />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={tag ?? 'all'}
        onChange={(_event, next: string | null) => {
          if (next === null) return;
          setSearchParams(next === 'all' ? {} : { tag: next });
        }}
        aria-label="Filtrar por tipo de vídeo"
        sx={{ mb: 3 }}
      >
        <ToggleButton value="all">Todos</ToggleButton>
        {VIDEO_TAGS.map((t) => (
          <ToggleButton key={t} value={t}>
            {VIDEO_TAG_LABELS[t]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {pages.isPending ? (
        <Box sx={GRID} aria-busy="true" role="progressbar" aria-label="Carregando vídeos">
          {Array.from({ length: VIDEOS_PAGE_SIZE }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
          ))}
        </Box>
      ) : pages.isError && videos.length === 0 ? (
        <LoadError error={pages.error} onRetry={() => void pages.refetch()} />
      ) : videos.length === 0 ? (
        <Alert severity="info">
          Nenhum vídeo {tag ? `do tipo ${VIDEO_TAG_LABELS[tag].toLowerCase()} ` : ''}por enquanto.
        </Alert>
      ) : (
        <>
          <Box component="ul" sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }} aria-label="Vídeos">
            {videos.map((video, i) => (
              <Box component="li" key={video.id} {...reveal.propsFor(i)}>
                <VideoCard video={video} />
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mt: 3 }}>
            <Typography variant="body2" color="text.secondary">
              {videos.length} de {total} {total === 1 ? 'vídeo' : 'vídeos'}
            </Typography>
            {pages.hasNextPage && (
              <Button
                variant="outlined"
                onClick={() => reveal.fetchMore(videos.length, pages)}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
              </Button>
            )}
          </Box>
        </>
      )}
    </Container>
  );
}

export const Component = EducationalPage;
