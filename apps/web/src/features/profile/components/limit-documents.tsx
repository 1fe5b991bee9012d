import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FileButton } from '@/components/file-button';
import { formatFileSize } from '@/lib/files';
import { fileKey, MAX_LIMIT_DOCUMENTS, type useLimitRequest } from './use-limit-request';

/** The documents of a limit request: what they should be, the files chosen (each removable), the chooser. */
export function LimitDocuments({ request }: { request: ReturnType<typeof useLimitRequest> }) {
  const { files, filesError } = request;
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        Documentos *
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-keep-clear="">
        Comprovantes de renda e patrimônio (imposto de renda, holerites, extratos): de 1 a {MAX_LIMIT_DOCUMENTS}{' '}
        arquivos, PDF ou imagem, até 5 MB cada.
      </Typography>
      {files.length > 0 && (
        <Paper variant="outlined" sx={{ mb: 1.5 }}>
          <List dense disablePadding aria-label="Documentos escolhidos">
            {files.map((file, i) => (
              <ListItem
                key={fileKey(file)}
                divider={i < files.length - 1}
                secondaryAction={
                  <IconButton edge="end" aria-label={`Remover ${file.name}`} onClick={() => request.removeFile(i)}>
                    <CloseOutlined fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={file.name}
                  secondary={formatFileSize(file.size)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <FileButton
        variant="outlined"
        startIcon={<AttachFileOutlined />}
        multiple
        onFiles={request.addFiles}
        disabled={files.length >= MAX_LIMIT_DOCUMENTS}
        inputLabel="Documentos do pedido"
      >
        Escolher arquivos
      </FileButton>
      {filesError && (
        <FormHelperText error role="alert">
          {filesError}
        </FormHelperText>
      )}
    </Box>
  );
}
