import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, VIDEO_TAG_LABELS, youtubeEmbedUrl } from '@prata/domain';
import type { CSSProperties } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/page';
import { LoadError } from '@/components/paginated-table';
import { RouterLink } from '@/components/router-link';
import { isApiError } from '@/lib/api';
import { useVideo } from '../api/videos';

const PLAYER: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 };

/** /educacional/video/{id} (spec 3 "Video page"): YouTube's privacy-enhanced player (youtube-nocookie.com). */
export function VideoPage() {
  const id = Number(useParams().id);
  const query = useVideo(id);
  const video = query.data?.video;
  useDocumentTitle(video?.title ?? 'Educacional');
  const notFound = !Number.isSafeInteger(id) || id <= 0 || isApiError(query.error, 404);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <Button
        component={RouterLink}
        to="/educacional"
        startIcon={<ArrowBackOutlined />}
        color="inherit"
        size="small"
        sx={{ mb: 1.5, ml: -1 }}
      >
        Todos os vídeos
      </Button>
      {notFound ? (
        <Alert severity="warning">Vídeo não encontrado. Ele pode ter sido removido.</Alert>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !video ? (
        <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
          <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Skeleton width="60%" />
        </Stack>
      ) : (
        <>
          <Box
            sx={{
              position: 'relative',
              aspectRatio: '16 / 9',
              bgcolor: 'common.black',
              borderRadius: 1,
              overflow: 'hidden',
            }}
          >
            <iframe
              src={youtubeEmbedUrl(video.youtube_id)}
              title={video.title}
              style={PLAYER}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </Box>
          <Typography variant="h4" component="h1" sx={{ mt: 2.5, overflowWrap: 'anywhere' }}>
            {video.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Chip size="small" variant="outlined" label={VIDEO_TAG_LABELS[video.tag]} />
            <Typography variant="body2" color="text.secondary">
              Publicado em {formatDateTimeBR(video.created_at).slice(0, 10)}
            </Typography>
          </Stack>
        </>
      )}
    </Container>
  );
}

export const Component = VideoPage;
