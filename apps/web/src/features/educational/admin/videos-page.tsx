import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, type Video, VIDEO_TAG_LABELS } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page';
import type { Column } from '@/components/paginated-table';
import { notify } from '@/lib/notify';
import { useAdminVideos, useDeleteVideo } from './api';
import { StaffTable } from '@/components/admin/staff-table';
import { VideoDialog } from './video-dialog';

/** /admin/videos (support): the educational videos, newest first, with 'Novo vídeo', 'Editar' and 'Remover'. */
export function AdminVideosPage() {
  const [page, setPage] = useState(1);
  const videos = useAdminVideos(page);
  const remove = useDeleteVideo();
  const [editing, setEditing] = useState<{ video: Video | null } | null>(null);
  const [removing, setRemoving] = useState<Video | null>(null);

  const columns: ReadonlyArray<Column<Video>> = [
    {
      key: 'title',
      header: 'Título',
      minWidth: 220,
      render: (v) => (
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {v.title}
        </Typography>
      ),
    },
    { key: 'tag', header: 'Tipo', nowrap: true, render: (v) => <Chip size="small" label={VIDEO_TAG_LABELS[v.tag]} /> },
    {
      key: 'youtube',
      header: 'YouTube',
      nowrap: true,
      render: (v) => (
        <Link href={`https://www.youtube.com/watch?v=${v.youtube_id}`} target="_blank" rel="noopener noreferrer">
          {v.youtube_id}
        </Link>
      ),
    },
    { key: 'date', header: 'Publicado', nowrap: true, render: (v) => formatDateTimeBR(v.created_at) },
    {
      key: 'actions',
      header: 'Ações',
      nowrap: true,
      render: (v) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setEditing({ video: v })} aria-label={`Editar vídeo ${v.title}`}>
            Editar
          </Button>
          <Button size="small" color="error" onClick={() => setRemoving(v)} aria-label={`Remover vídeo ${v.title}`}>
            Remover
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Vídeos educacionais" description="Os vídeos que os clientes veem em /educacional." />
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ video: null })}>
          Novo vídeo
        </Button>
      </Stack>
      <StaffTable
        label="Vídeos educacionais"
        columns={columns}
        rowKey={(v) => v.id}
        data={videos.data?.videos}
        isPending={videos.isPending}
        error={videos.error}
        onRetry={() => void videos.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum vídeo cadastrado."
      />
      {editing && (
        <VideoDialog key={editing.video?.id ?? 'new'} video={editing.video} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remover vídeo"
        confirmLabel="Remover"
        confirmColor="error"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: ({ message }) => {
              notify.success(message);
              setRemoving(null);
            },
            onError: (error) => notify.error(error),
          })
        }
      >
        O vídeo “{removing?.title}” deixa de aparecer para os clientes.
      </ConfirmDialog>
    </>
  );
}

export const Component = AdminVideosPage;
