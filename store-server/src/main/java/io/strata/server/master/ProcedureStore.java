package io.strata.server.master;

import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.server.fs.RecordFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The durable log of unfinished procedures: one file per procedure,
 * {@code <root>/procedures/<id>.proc}, replaced (synced temporary file, then rename) after every
 * step and deleted when the procedure ends (docs/formats/procedures.md). A master that takes
 * over loads them and runs each from its recorded step.
 */
final class ProcedureStore {
  static final int FORMAT_VERSION = 1;
  private static final String SUFFIX = ".proc";

  private final FileSystem fs;
  private final Path dir;

  ProcedureStore(FileSystem fs, Path root) throws IOException {
    this.fs = fs;
    this.dir = new Path(root, "procedures");
    fs.mkdirs(dir);
  }

  void save(ProcedureProto p) throws IOException {
    Path tmp = new Path(dir, p.getId() + SUFFIX + ".tmp");
    RecordFiles.writeSynced(fs, tmp, p.toByteArray(), true);
    Path target = new Path(dir, p.getId() + SUFFIX);
    fs.delete(target, false);
    if (!fs.rename(tmp, target)) {
      throw new IOException("could not move " + tmp + " to " + target);
    }
  }

  void delete(long id) throws IOException {
    fs.delete(new Path(dir, id + SUFFIX), false);
    fs.delete(new Path(dir, id + SUFFIX + ".tmp"), false);
  }

  /** The unfinished procedures, oldest first. */
  List<ProcedureProto> load() throws IOException {
    List<ProcedureProto> all = new ArrayList<>();
    for (FileStatus st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      boolean tmp = name.endsWith(SUFFIX + ".tmp");
      if (!name.endsWith(SUFFIX) && !tmp) {
        continue;
      }
      if (tmp && fs.exists(new Path(dir, name.substring(0, name.length() - 4)))) {
        continue; // the rename did not happen; the older complete record stands
      }
      ProcedureProto p;
      try {
        p = RecordFiles.parse(st.getPath(), "procedure record",
            RecordFiles.read(fs, st.getPath()), ProcedureProto::parseFrom);
      } catch (io.strata.common.error.CorruptFileException e) {
        if (!tmp) {
          throw e;
        }
        // A first save cut short: the submit never answered, so no one waits for it.
        fs.delete(st.getPath(), false);
        continue;
      }
      RecordFiles.checkVersion(st.getPath(), "procedure record", p.getVersion(),
          FORMAT_VERSION);
      all.add(p);
    }
    all.sort((a, b) -> Long.compare(a.getId(), b.getId()));
    return all;
  }

  /** The next id: above every stored one and every one this clock could have given before. */
  long firstFreeId(List<ProcedureProto> stored) {
    long max = System.currentTimeMillis() * 1000;
    for (ProcedureProto p : stored) {
      max = Math.max(max, p.getId() + 1);
    }
    return max;
  }

}
