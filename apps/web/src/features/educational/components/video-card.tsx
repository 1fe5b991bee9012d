import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { cutVideoTitle, type Video, VIDEO_TAG_LABELS, youtubeThumbnailUrl } from '@prata/domain';
import { useId, useState } from 'react';
import { RouterLink } from '@/components/router-link';

/**
 * YouTube's thumbnail, or a plain tile with a play icon when the image cannot load (blocked, offline): the card keeps
 * its size either way.
 */
function VideoThumbnail({ youtubeId }: { youtubeId: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        bgcolor: 'grey.200',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {!failed && (
        <Box
          component="img"
          src={youtubeThumbnailUrl(youtubeId)}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <PlayCircleOutlined
        aria-hidden
        sx={{ position: 'relative', fontSize: 56, color: failed ? 'grey.500' : 'common.white', opacity: 0.9 }}
      />
    </Box>
  );
}

/**
 * One video of the grid: the thumbnail, the title cut at 40 characters (spec 3 §9) and the tag. The link is named by
 * what it shows (WCAG 2.5.3: a voice user says what they see); a cut title is given whole as its description.
 */
export function VideoCard({ video }: { video: Video }) {
  const shown = cutVideoTitle(video.title);
  const fullTitleId = useId();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/educacional/video/${video.id}`}
        aria-describedby={shown === video.title ? undefined : fullTitleId}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <VideoThumbnail youtubeId={video.youtube_id} />
        <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
          <Typography variant="subtitle2" component="h3" title={video.title} sx={{ lineHeight: 1.35 }}>
            {shown}
          </Typography>
          {shown !== video.title && (
            <span id={fullTitleId} hidden>
              {video.title}
            </span>
          )}
          <Chip
            size="small"
            variant="outlined"
            label={VIDEO_TAG_LABELS[video.tag]}
            color={video.tag === 'tutorial' ? 'primary' : 'default'}
            sx={{ alignSelf: 'flex-start', mt: 'auto' }}
          />
        </Box>
      </CardActionArea>
    </Card>
  );
}
