const p=JSON.parse(require("fs").readFileSync(process.argv[2],"utf8"));
const byId=new Map(p.nodes.map(n=>[n.id,n])); const parent=new Map();
for(const n of p.nodes) for(const c of n.children||[]) parent.set(c,n.id);
const dt=new Map(); p.samples.forEach((s,i)=>dt.set(s,(dt.get(s)||0)+(p.timeDeltas[i+1]||0)));
// inclusive time per node
const incl=new Map();
function tot(id){ if(incl.has(id)) return incl.get(id); const n=byId.get(id); let t=dt.get(id)||0; for(const c of n.children||[]) t+=tot(c); incl.set(id,t); return t;}
for (const target of process.argv.slice(3)) {
 const agg=new Map();
 for(const n of p.nodes){ if(n.callFrame.functionName!==target) continue; const t=tot(n.id); if(!t) continue;
   let chain=[]; let id=parent.get(n.id); for(let i=0;i<6&&id;i++){const m=byId.get(id); chain.push(m.callFrame.functionName+":"+m.callFrame.url.split("/").slice(-3).join("/")+":"+m.callFrame.lineNumber); id=parent.get(id);}
   const k=chain.join(" < "); agg.set(k,(agg.get(k)||0)+t);}
 console.log("== "+target);
 [...agg].sort((a,b)=>b[1]-a[1]).slice(0,5).forEach(([k,v])=>console.log((v/1000).toFixed(0)+"ms",k));
}
