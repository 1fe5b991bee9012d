import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { formatFileSize } from '@/lib/files';

export type FileRow = {
  key: string | number;
  name: string;
  mime: string;
  size: number;
  detail?: string;
  onDownload?: () => void;
  /** absent: the file cannot be removed here (the support team's, or a closed ticket's) */
  onRemove?: () => void;
};

/** Files of a ticket or of a form being filled: the name, the size, and download or remove where allowed. */
export function FileList({ files, label }: { files: FileRow[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <List dense disablePadding aria-label={label}>
      {files.map((f) => (
        <ListItem
          key={f.key}
          disableGutters
          secondaryAction={
            <Stack direction="row">
              {f.onDownload && (
                <IconButton aria-label={`Baixar ${f.name}`} onClick={f.onDownload} size="small">
                  <FileDownloadOutlined fontSize="small" />
                </IconButton>
              )}
              {f.onRemove && (
                <IconButton aria-label={`Excluir ${f.name}`} onClick={f.onRemove} size="small">
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              )}
            </Stack>
          }
          sx={{ pr: (f.onDownload ? 5 : 0) + (f.onRemove ? 5 : 0) }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            {f.mime.startsWith('image/') ? (
              <ImageOutlined fontSize="small" />
            ) : (
              <DescriptionOutlined fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText
            primary={f.name}
            secondary={[formatFileSize(f.size), f.detail].filter(Boolean).join(' · ')}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
