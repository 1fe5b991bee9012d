import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { downloadFromApi } from '@/lib/download';
import { formatFileSize } from '@/lib/files';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import type { DocumentInfo } from '../api/types';
import { useUploadDocument } from '../api/upload-document';
import { FileButton } from '@/components/file-button';
import { TabSection } from './tab-section';

/** Documentos: send a PDF or an image (up to 5 MB), list them, download them back (spec 2 §2, §5). */
export function DocumentsTab({ documents }: { documents: DocumentInfo[] }) {
  const upload = useUploadDocument();
  const intention = useIntention('document');

  const send = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    intention
      .run((key) => upload.mutateAsync({ file, key }))
      .then((answer) => answer && notify.success(answer.message), notify.error);
  };

  return (
    <TabSection
      title="Documentos"
      description="Envie documentos de identificação e comprovantes (PDF ou imagem, até 5 MB cada)."
      maxWidth={820}
      action={
        <FileButton
          variant="contained"
          startIcon={<UploadFileOutlined />}
          onFiles={send}
          disabled={intention.busy}
          inputLabel="Arquivo do documento"
        >
          Enviar documento
        </FileButton>
      }
    >
      {documents.length === 0 ? (
        <Typography color="text.secondary">Nenhum documento enviado.</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Documentos enviados">
            {documents.map((document, i) => (
              <ListItem
                key={document.id}
                divider={i < documents.length - 1}
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<FileDownloadOutlined />}
                    onClick={() => void downloadFromApi(`/document/${document.id}`, document.original_name)}
                    aria-label={`Baixar ${document.original_name}`}
                  >
                    Baixar
                  </Button>
                }
                sx={{ pr: 14 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  {document.mime_type.startsWith('image/') ? <ImageOutlined /> : <DescriptionOutlined />}
                </ListItemIcon>
                <ListItemText
                  primary={document.original_name}
                  secondary={`${formatFileSize(document.size_bytes)} · enviado em ${formatDateTimeBR(document.created_at)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: 500 } } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </TabSection>
  );
}
