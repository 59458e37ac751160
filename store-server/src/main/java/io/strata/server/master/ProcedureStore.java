package io.strata.server.master;

import io.strata.server.fs.StorageFileSystems;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.server.fs.RecordFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The durable log of procedures: one file per procedure, {@code <root>/procedures/<id>.proc},
 * replaced (synced temporary file, then rename) after every step; when it ends, an
 * {@code <id>.done} record with its outcome replaces it, and the newest {@value #KEPT_DONE} of
 * those are kept (docs/formats/procedures.md). A master that takes over runs each unfinished
 * one from its recorded step, and still answers clients waiting for finished ones.
 */
final class ProcedureStore {
  static final int FORMAT_VERSION = 1;
  /** Finished records kept for clients that wait across a master failover. */
  static final int KEPT_DONE = 1000;
  private static final String SUFFIX = ".proc";
  private static final String DONE = ".done";

  private final FileSystem fs;
  private final Path dir;

  ProcedureStore(FileSystem fs, Path root) throws IOException {
    this.fs = fs;
    this.dir = new Path(root, "procedures");
    StorageFileSystems.mkdirs(fs, dir);
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

  /** Replaces the procedure's record by its outcome ({@code finished} set). */
  void finish(ProcedureProto outcome) throws IOException {
    Path tmp = new Path(dir, outcome.getId() + DONE + ".tmp");
    RecordFiles.writeSynced(fs, tmp, outcome.toByteArray(), true);
    Path target = new Path(dir, outcome.getId() + DONE);
    fs.delete(target, false);
    if (!fs.rename(tmp, target)) {
      throw new IOException("could not move " + tmp + " to " + target);
    }
    fs.delete(new Path(dir, outcome.getId() + SUFFIX), false);
    fs.delete(new Path(dir, outcome.getId() + SUFFIX + ".tmp"), false);
  }

  /** The outcomes of finished procedures, newest last; older ones beyond the kept are deleted. */
  List<ProcedureProto> loadFinished() throws IOException {
    List<ProcedureProto> done = new ArrayList<>();
    for (FileStatus st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      if (name.endsWith(DONE + ".tmp")) {
        fs.delete(st.getPath(), false); // its .proc still stands: it finishes again
      } else if (name.endsWith(DONE)) {
        try {
          done.add(RecordFiles.parse(st.getPath(), "procedure outcome",
              RecordFiles.read(fs, st.getPath()), ProcedureProto::parseFrom));
        } catch (io.strata.common.error.CorruptFileException e) {
          fs.delete(st.getPath(), false); // only an answer to a waiting client is lost
        }
      }
    }
    done.sort((a, b) -> Long.compare(a.getId(), b.getId()));
    while (done.size() > KEPT_DONE) {
      fs.delete(new Path(dir, done.remove(0).getId() + DONE), false);
    }
    return done;
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
      if (tmp && p.getVersion() != FORMAT_VERSION) {
        fs.delete(st.getPath(), false); // an empty or cut first save (proto reads it as blank)
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
